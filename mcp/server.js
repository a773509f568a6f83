// tplayer's Model Context Protocol server: the tools solve, check, sweep, catalog and validate over
// the same module as every other door (tplayer.js), their input schemas generated from the core's
// field tables (schema.js). Each answer is the JSON every other door gives plus a paragraph an
// agent can quote (and, for solve, the verdict card as SVG); bad input answers the core's errors, each with its path, as a tool error.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { scenarioSchema, sweepableFields } from './schema.js';
import { solveSummary, sweepSummary, validationSummary } from './summary.js';

const objectInput = (properties, required, $defs) => ({
  type: 'object',
  ...($defs ? { $defs } : {}),
  properties,
  required,
  additionalProperties: false,
});

/** The tools' descriptions and input schemas, from the catalogue (field tables and keys). */
export function toolList(catalog, validation) {
  const { $defs, scenario } = scenarioSchema(catalog);
  const tables = validation ? validation.tables.map((t) => t.table) : [];
  const links = [...new Set((validation?.tables || []).map((t) => t.link))];
  return [
    {
      name: 'solve',
      description:
        "Solves one transformer layer split tp_size ways by tensor parallelism: each rank's compute time, the all-reduce time on each link, which one binds, and the speedup left. Give a scenario object or a scenario preset's key.",
      inputSchema: objectInput({ scenario }, ['scenario'], $defs),
    },
    {
      name: 'check',
      description:
        'Reads a scenario as the core does, without asking for an answer: the normalised scenario (every default applied, quantities in SI units) with its result, or every error with its path.',
      inputSchema: objectInput({ scenario }, ['scenario'], $defs),
    },
    {
      name: 'sweep',
      description:
        'Solves a scenario once per value of one numeric field (tp_size, tokens, ...): one result or one list of errors per value, in order.',
      inputSchema: objectInput(
        {
          scenario,
          field: {
            type: 'string',
            enum: sweepableFields(catalog),
            description: 'the field to vary',
          },
          values: {
            type: 'array',
            items: { type: 'number' },
            minItems: 1,
            maxItems: catalog.limits.max_sweep_values, // the core's cap, on every door
            description: 'the values it takes, in order',
          },
        },
        ['scenario', 'field', 'values'],
        $defs,
      ),
    },
    {
      name: 'catalog',
      description:
        'The catalogue: scenario presets (each with its solved result), workloads, accelerators, links, two-tier links, precisions, units, the field tables and the limits. Give a section to get only that part.',
      inputSchema: objectInput(
        {
          section: {
            type: 'string',
            enum: Object.keys(catalog),
            description: 'one part of the catalogue (all of it when left out)',
          },
        },
        [],
      ),
    },
    {
      name: 'validate',
      description:
        "How the all-reduce model compares with published nccl-tests measurements (each table's median and largest error at line rate and as NCCL runs it, in sample and left out), and with serving engines' own all-reduce kernels and whole-layer timings. Give a table or a link to see its rows.",
      inputSchema: objectInput(
        {
          table: {
            type: 'string',
            enum: tables,
            description: 'one measurement table, with its rows',
          },
          link: {
            type: 'string',
            enum: links,
            description: 'the tables priced with this catalogue link',
          },
        },
        [],
      ),
    },
  ];
}

/**
 * The most bytes one answer may hold, as JSON-RPC writes it: well under the 10 MiB line the SDK's
 * stdio client reads (a longer line closes its connection, and the server's with it). Above it, a
 * tool error says what to narrow.
 */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * An answer: the paragraph, then the JSON, then any `more` items. The JSON is sent once, as text
 * (every client reads text; no output schema is declared, so no structuredContent is owed).
 */
const answer = (text, json, more = []) => ({
  content: [{ type: 'text', text }, { type: 'text', text: JSON.stringify(json) }, ...more],
});

/**
 * The verdict card (the JS door's card(), the CLI's --format svg) as an embedded resource of type
 * image/svg+xml: SVG is text, so a client that does not draw it still shows or saves it and the
 * model reads its words, where an `image` item of that type is refused by hosts whose model takes
 * only raster images.
 */
const cardResource = (svg, name) => ({
  type: 'resource',
  resource: { uri: `tplayer://card/${name}.svg`, mimeType: 'image/svg+xml', text: svg },
});

/** A tool error: one line per problem (the core's dotted field: message), and the errors as JSON. */
function refused(errors) {
  const lines = errors.map((e) => `${e.field}: ${e.message}`);
  return {
    isError: true,
    content: [
      { type: 'text', text: `The input was refused:\n${lines.join('\n')}` },
      { type: 'text', text: JSON.stringify({ errors }) },
    ],
  };
}

// What each tool's caller can narrow when its answer is too long: the argument, and how.
const narrower = {
  solve: ['scenario', 'give fewer links or shorter names'],
  check: ['scenario', 'give fewer links or shorter names'],
  sweep: ['values', 'sweep fewer values, or a scenario with fewer links'],
  catalog: ['section', 'ask for one section'],
  validate: ['table', 'ask for one table or one link'],
};

/** The answer, or a tool error naming what to narrow when it is longer than MAX_ANSWER_BYTES. */
function bounded(name, result) {
  const bytes = Buffer.byteLength(JSON.stringify(result));
  if (bytes <= MAX_ANSWER_BYTES) return result;
  const [field, how] = narrower[name];
  return refused([
    argumentError(
      field,
      `the answer would hold ${bytes} bytes, above the ${MAX_ANSWER_BYTES} an answer may hold: ${how}`,
    ),
  ]);
}

const argumentError = (field, message) => ({ field, path: [field], message });

/** The arguments' own problems (not the scenario's: the core reports those). */
function argumentErrors(args, tool) {
  const known = Object.keys(tool.inputSchema.properties);
  const errors = [];
  if (args === null || typeof args !== 'object' || Array.isArray(args))
    return [argumentError('arguments', `expected an object of arguments, got ${describe(args)}`)];
  for (const name of Object.keys(args))
    if (!known.includes(name))
      errors.push(
        argumentError(
          name,
          `unknown argument ${excerpt(name)}; ${tool.name} takes ${known.join(', ')}`,
        ),
      );
  for (const name of tool.inputSchema.required)
    if (!Object.hasOwn(args, name)) errors.push(argumentError(name, 'missing'));
  return errors;
}

function describe(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return `the text ${excerpt(v)}`;
  return `a ${typeof v}`;
}

/** A string as it may appear in a message: quoted, and cut at 40 characters. */
const excerpt = (s) =>
  JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s) +
  (s.length > 40 ? ` (${s.length} characters)` : '');

/** The scenario argument: an object, or a preset's key read from the catalogue. */
function scenarioOf(value, tp) {
  if (typeof value === 'string') {
    const preset = Object.hasOwn(tp.Scenarios, value) ? tp.Scenarios[value] : null;
    if (preset) return { scenario: preset.scenario };
    return {
      errors: [
        argumentError(
          'scenario',
          `expected a scenario object or a preset key (${Object.keys(tp.Scenarios).join(', ')}), got ${excerpt(value)}`,
        ),
      ],
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return {
      errors: [
        argumentError(
          'scenario',
          `expected a scenario object or a preset key, got ${describe(value)}`,
        ),
      ],
    };
  return { scenario: value };
}

/** The tool handlers, by name: each takes the arguments and returns an MCP tool result. */
function handlers(tp, validation) {
  const catalog = tp.catalog();
  return {
    async solve({ scenario }) {
      const read = scenarioOf(scenario, tp);
      if (read.errors) return refused(read.errors);
      const outcome = tp.check(read.scenario);
      if (outcome.errors) return refused(outcome.errors);
      // A preset named by its key keeps its title on the card, as `tplayer --preset KEY` does.
      const preset = typeof scenario === 'string' ? tp.Scenarios[scenario] : null;
      const svg = await tp.card(read.scenario, { title: preset?.title ?? '' });
      return answer(solveSummary(outcome.result, outcome.scenario, catalog), outcome.result, [
        cardResource(svg, preset ? preset.key : 'scenario'),
      ]);
    },
    check({ scenario }) {
      const read = scenarioOf(scenario, tp);
      if (read.errors) return refused(read.errors);
      const outcome = tp.check(read.scenario);
      if (outcome.errors) return refused(outcome.errors);
      const warnings = outcome.result.warnings;
      return answer(
        `The scenario reads without error${warnings.length ? `, with ${warnings.length} warning${warnings.length > 1 ? 's' : ''}: ${warnings.map((w) => w.message).join('; ')}` : ' or warning'}. The normalised scenario below has every default applied and every quantity in SI base units; solve accepts it back unchanged.`,
        { scenario: outcome.scenario, result: outcome.result },
      );
    },
    sweep({ scenario, field, values }) {
      const read = scenarioOf(scenario, tp);
      if (read.errors) return refused(read.errors);
      // At least one value (the schema's minItems); the most is the core's, said by sweep().
      if (!Array.isArray(values) || values.length === 0)
        return refused([
          argumentError(
            'values',
            `expected at least one number, got ${Array.isArray(values) ? 'none' : describe(values)}`,
          ),
        ]);
      let points;
      try {
        points = tp.sweep(read.scenario, field, values);
      } catch (e) {
        if (e instanceof tp.ScenarioError) return refused(e.errors);
        throw e;
      }
      // A field that cannot be swept is the request's error, not each point's (the core says it
      // at every point, under "sweep").
      const [first] = points;
      if (first.errors?.[0].field === 'sweep') return refused(first.errors);
      // Errors at every value (of two or more) are the scenario's, not a value's: said once, as the
      // tool's error, rather than at each of up to 256 points.
      const everywhere = commonErrors(points);
      if (everywhere.length) return refused(everywhere);
      return answer(sweepSummary(field, points), { field, points });
    },
    catalog({ section }) {
      if (section === undefined) return answer(catalogSummary(catalog), catalog);
      if (!Object.hasOwn(catalog, section))
        return refused([
          argumentError(
            'section',
            `expected one of ${Object.keys(catalog).join(', ')}, got ${describe(section)}`,
          ),
        ]);
      return answer(`The catalogue's ${section}.`, { [section]: catalog[section] });
    },
    validate({ table, link }) {
      if (!validation)
        return refused([
          argumentError(
            'validate',
            'this server was started without the validation data (validation.json)',
          ),
        ]);
      const tables = validation.tables;
      for (const [name, value, known] of [
        ['table', table, tables.map((t) => t.table)],
        ['link', link, tables.map((t) => t.link)],
      ])
        if (value !== undefined && !known.includes(value))
          return refused([
            argumentError(
              name,
              `expected one of ${[...new Set(known)].join(', ')}, got ${describe(value)}`,
            ),
          ]);
      const chosen = tables.filter(
        (t) =>
          (table === undefined || t.table === table) && (link === undefined || t.link === link),
      );
      const withRows = table !== undefined || link !== undefined;
      const json = {
        about: validation.about,
        tables: chosen.map(({ rows, ...t }) => (withRows ? { ...t, rows } : t)),
        ...(withRows ? {} : { serving: validation.serving }),
      };
      return answer(validationSummary(chosen, withRows ? null : validation.serving), json);
    },
  };
}

/** The errors every point of a sweep has (the same field and message), in the first's order. */
function commonErrors(points) {
  if (points.length < 2 || points.some((p) => !p.errors)) return [];
  const key = (e) => `${e.field}\n${e.message}`;
  let common = new Set(points[0].errors.map(key));
  for (const p of points.slice(1)) {
    const here = new Set(p.errors.map(key));
    common = new Set([...common].filter((k) => here.has(k)));
  }
  return points[0].errors.filter((e) => common.has(key(e)));
}

const catalogSummary = (c) =>
  `The catalogue: ${c.presets.length} scenario presets, ${c.workloads.length} workloads, ${c.accelerators.length} accelerators, ${c.links.length} links and ${(c.two_tier_links || []).length} two-tier links, each with its source; the field tables say what every scenario field takes.`;

/**
 * The MCP server over a loaded module `tp` (tplayer.js's load()), with `validation` the site's
 * validation.json (optional: the validate tool says so when it is missing).
 */
export function createServer(tp, { validation = null } = {}) {
  const tools = toolList(tp.catalog(), validation);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const run = handlers(tp, validation);
  const server = new Server(
    { name: 'tplayer', version: tp.version },
    {
      capabilities: { tools: {} },
      instructions:
        'tplayer prices one transformer layer split by tensor parallelism. Start from a preset (catalog with section "presets"), solve it, then change fields; check explains errors by path.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const { name, arguments: args = {} } = request.params;
    const tool = byName.get(name);
    if (!tool)
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown tool ${excerpt(String(name))}; the tools are ${[...byName.keys()].join(', ')}`,
      );
    const errors = argumentErrors(args, tool);
    if (errors.length) return refused(errors);
    return Promise.resolve(run[name](args)).then((result) => bounded(name, result));
  });
  return server;
}
