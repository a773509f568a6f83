// JSON Schemas for the MCP tools, generated from the core's field tables (catalog().fields) and
// catalogue keys, so that a field added to the core reaches an agent with no edit here. The
// schemas describe; the core still validates (its errors name the path), so a kind is mapped to
// what a caller may send, never to a narrower rule than the core's.

/** A quantity: a number in SI base units, or text with a unit ("450 GB/s", "5 us"). */
const quantity = (unit) => ({
  anyOf: [
    { type: 'number', description: `in ${unit}` },
    { type: 'string', description: `a number and a unit, such as ${unitExample[unit]}` },
  ],
});
const unitExample = {
  'bytes/s': '"450 GB/s" or "400 Gb/s"',
  seconds: '"5 us" or "1.2 ms"',
  bytes: '"80 GiB" or "8 MiB"',
  'FLOP/s': '"989 TFLOP/s"',
};

const keysOf = (list) => list.map((e) => e.key);

/** The schema of one field row ({name, kind, required, help, default, choices}). */
function fieldSchema(field, catalog) {
  const s = field.choices
    ? { type: 'string', enum: field.choices }
    : schemaOfKind(field.kind, catalog);
  const description =
    field.help + (field.default !== undefined ? ` (default ${JSON.stringify(field.default)})` : '');
  return { ...s, description };
}

function schemaOfKind(kind, catalog) {
  switch (kind) {
    case 'count':
      return { type: 'integer', minimum: 0, maximum: catalog.limits.max_count };
    case 'real':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'string':
      return { type: 'string', maxLength: catalog.limits.max_name_bytes };
    case 'bandwidth':
      return quantity('bytes/s');
    case 'time':
      return quantity('seconds');
    case 'bytes':
      return quantity('bytes');
    case 'precision':
      return { type: 'string', description: 'a precision key such as fp16_dense or fp8_dense' };
    case 'peak_flops':
      return {
        type: 'object',
        minProperties: 1,
        additionalProperties: quantity('FLOP/s'),
      };
    case 'link_key':
      return { type: 'string', enum: keysOf(catalog.links) };
    case 'workload_key':
      return { type: 'string', enum: keysOf(catalog.workloads) };
    case 'accelerator_key':
      return { type: 'string', enum: keysOf(catalog.accelerators) };
    case 'two_tier_key':
      return { type: 'string', enum: keysOf(catalog.two_tier_links || []) };
    case 'engine_key':
      return { type: 'string', enum: keysOf(catalog.serving_engines || []) };
    case 'serving_engine':
      return {
        anyOf: [
          { type: 'string', enum: keysOf(catalog.serving_engines || []) },
          ref('serving_engine'),
        ],
      };
    case 'rows':
      return {
        type: 'array',
        minItems: 2,
        items: {
          type: 'array',
          items: [
            { type: 'integer', minimum: 1, description: 'bytes' },
            { type: 'number', exclusiveMinimum: 0, description: 'seconds' },
          ],
          minItems: 2,
          maxItems: 2,
        },
      };
    case 'hf_config':
      return {
        type: 'object',
        description: 'the parsed config.json of a Hugging Face model (hidden_size, ...)',
      };
    case 'workload':
      return { anyOf: [{ type: 'string', enum: keysOf(catalog.workloads) }, ref('workload')] };
    case 'accelerator':
      return {
        anyOf: [{ type: 'string', enum: keysOf(catalog.accelerators) }, ref('accelerator')],
      };
    case 'link':
      return ref('link_value');
    case 'links':
      return {
        anyOf: [
          { type: 'object', minProperties: 1, additionalProperties: ref('link_value') },
          { type: 'array', minItems: 1, items: ref('link_value') },
        ],
      };
    case 'protocols':
      return { type: 'array', items: ref('protocol') };
    case 'custom_branches':
      return { type: 'array', items: ref('custom_branch') };
    default:
      return null; // a kind this file does not know: objectSchema names it (a test keeps the map whole)
  }
}

const ref = (name) => ({ $ref: `#/$defs/${name}` });

/** The kinds of field this file maps; tests/js/mcp checks every kind in the catalogue is one. */
export const KNOWN_KINDS = [
  'count',
  'real',
  'boolean',
  'string',
  'bandwidth',
  'time',
  'bytes',
  'precision',
  'peak_flops',
  'link_key',
  'workload_key',
  'accelerator_key',
  'two_tier_key',
  'engine_key',
  'serving_engine',
  'rows',
  'hf_config',
  'workload',
  'accelerator',
  'link',
  'links',
  'protocols',
  'custom_branches',
];

/**
 * An object of field rows. Where the table has `preset` (a catalogue entry to start from), the
 * entry gives the required fields: the object needs either its preset or all of them; a
 * workload's `hf_config` (a config.json, docs/model.md#any-model-any-rig) gives them too.
 */
function objectSchema(rows, catalog) {
  const properties = {};
  for (const f of rows) properties[f.name] = fieldSchema(f, catalog);
  const required = rows.filter((f) => f.required).map((f) => f.name);
  const givers = rows.filter((f) => f.name === 'preset' || f.kind === 'hf_config');
  const anyOf = [...givers.map((f) => ({ required: [f.name] })), { required }];
  return {
    type: 'object',
    properties,
    ...(givers.length && required.length ? { anyOf } : { required }),
    additionalProperties: false,
  };
}

/**
 * The scenario's JSON Schema as {$defs, scenario}: `scenario` (the scenario object, or a scenario
 * preset's key) refers to `$defs`, which belongs at the root of the tool's input schema.
 */
export function scenarioSchema(catalog) {
  const { fields } = catalog;
  const object = (kind) => objectSchema(fields[kind], catalog);
  // The scenario object's `type`, as the catalogue's presets spell it (the only member not in the
  // field table: it names the scenario kind, docs/model.md#the-scenario).
  const scenarioObject = object('scenario');
  const type = [...new Set(catalog.presets.map((p) => p.scenario.type).filter(Boolean))];
  scenarioObject.properties = {
    type: { type: 'string', enum: type, description: 'the scenario kind (optional)' },
    ...scenarioObject.properties,
  };
  const linkKeys = [...keysOf(catalog.links), ...keysOf(catalog.two_tier_links || [])];
  const $defs = {
    workload: object('workload'),
    accelerator: object('accelerator'),
    serving_engine: object('serving_engine'),
    protocol: object('protocol'),
    custom_branch: object('custom_branch'),
    link: object('link'),
    measured_link: object('measured_link'),
    two_tier_link: object('two_tier_link'),
    link_value: {
      anyOf: [
        { type: 'string', enum: linkKeys, description: 'a catalogue link or two-tier link' },
        { type: 'number', description: 'a bandwidth in bytes/s per direction, per rank' },
        { type: 'string', description: 'a bandwidth with a unit, such as "450 GB/s"' },
        ref('link'),
        ref('measured_link'),
        ref('two_tier_link'),
      ],
    },
  };
  return {
    $defs,
    scenario: {
      anyOf: [
        {
          type: 'string',
          enum: keysOf(catalog.presets),
          description: 'a scenario preset, as the catalogue has it',
        },
        scenarioObject,
      ],
    },
  };
}

/** Every field kind in the catalogue's tables that schemaOfKind does not map (empty when whole). */
export function unmappedKinds(catalog) {
  const kinds = new Set(Object.values(catalog.fields).flatMap((rows) => rows.map((f) => f.kind)));
  return [...kinds].filter((k) => !KNOWN_KINDS.includes(k) && k !== 'choice');
}

/** The sweepable fields of a scenario: the values `sweep`'s `field` takes. */
export const sweepableFields = (catalog) =>
  catalog.fields.scenario.filter((f) => f.sweepable).map((f) => f.name);
