// The editors of the links that are not one priced link, loaded on demand (LinksEditor imports
// this file when the form first has such a row): a measured link (SPEC 3.4: nccl-tests output
// pasted, picked as a file or dropped, with what the core read from it) and a two-tier link
// (SPEC 3.5: the link inside a node, the network across nodes, and the ranks per node).

export { addRow } from '../rows.js';

import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { ActionsContext, MessagesContext, ModelContext } from '../context.js';
import { TIERS, fieldInfo, isCustom } from '../form.js';
import { pickTier, pickTwoTier, read as reading, setTier } from '../rows.js';
import * as fmt from '../format.js';
import { tierTitle, twoTierOf } from '../sweep.js';
import { Field } from './Field.jsx';
import { FormField } from './FormField.jsx';
import { Messages } from './Messages.jsx';
import { PartFields } from './PartFields.jsx';
import './LinkForms.css';

// ---------------------------------------------------------------------------------------------
// The breakdown's words for these links

/** A two-tier link's shares of its line-rate time, in words: "inside the node 60%, across 2 nodes 40%". */
export function sharesText(l) {
  return l.node_count > 1
    ? `inside the node ${fmt.percent(l.intra_node_share)}, across ${l.node_count} nodes ${fmt.percent(1 - l.intra_node_share)}`
    : `one node (tp_size ≤ ${l.ranks_per_node} ranks per node): the node link alone`;
}

/** A tier as the core read it (a catalogue key, or an object), in words (sweep.js's tierTitle). */
const tierText = (links, value) =>
  tierTitle(
    value,
    (key) => links.find((e) => e.key === key)?.label || '',
    `a link of ${fmt.bandwidth(value?.bandwidth)} per direction`,
  );

/**
 * The numbers of a measured or two-tier link's card that differ from a priced link's: {head}
 * (instead of its bandwidth, latency and domain) and, for a measured link, {ar} (instead of the
 * all-reduce and the other model's figure). `link`: the link as the core read it; `catalog`: the
 * catalogue; `split`: the all-reduce's bandwidth + latency terms in words; `said`: the core's
 * warnings about the link as a whole, shown as its {notes}.
 */
export function kindRows(l, { link, catalog, n, split, said }) {
  // A two-tier preset as its key (or edited from one): its tiers from the catalogue.
  const tiers = twoTierOf(link, (key) => catalog.two_tier_links.find((e) => e.key === key));
  const bw = `${fmt.bandwidth(l.bandwidth_bytes_per_s)} (${fmt.bitRate(l.bandwidth_bytes_per_s)})`;
  const domain = l.domain
    ? `${l.domain}${l.within_domain ? '' : ` (tp_size ${n} is beyond it)`}`
    : 'no limit';
  const notes = said?.length > 0 && (
    <ul class="msgs">
      {said.map((w, i) => (
        <li key={i} class="warn">
          <strong>Warning:</strong> {w.message}
        </li>
      ))}
    </ul>
  );
  if (l.kind === 'measured')
    return {
      notes,
      head: [
        [
          'Measured (nccl-tests)',
          `on ${l.measured_ranks} ranks, ${fmt.bytes(l.measured_min_bytes)} to ${fmt.bytes(l.measured_max_bytes)}`,
        ],
        ['Bus bandwidth of its largest row', bw],
        ['Domain: ranks it joins directly', domain],
      ],
      ar: [
        [
          'One all-reduce t_ar, on the measured curve',
          `${fmt.time(l.allreduce_time_s)} = ${split}`,
        ],
        ['Link model', 'the measurement, the same in both models (it holds NCCL’s costs)'],
      ],
    };
  return {
    notes,
    head: [
      ['Inside each node', tierText(catalog.links, tiers?.intra_node)],
      ['Across nodes', tierText(catalog.links, tiers?.inter_node)],
      [
        'Nodes',
        l.node_count > 1
          ? `${l.node_count} nodes of ${l.ranks_per_node} ranks`
          : `one node (of up to ${l.ranks_per_node} ranks)`,
      ],
      ['Line-rate time, by tier', sharesText(l)],
      ['Network bandwidth, per direction, per rank', bw],
      ['Network latency α, per ring step', fmt.time(l.latency_s)],
      ['Domain of the node link', domain],
    ],
  };
}

/**
 * A two-tier link's line-rate exchange bar split, drawn over CompareBars' bar: its intra-node
 * part, then its inter-node part, of `c` x the line-rate all-reduce (the bar's rest is the launch
 * overhead). At line rate that is the link's own bar `l`; in NCCL mode the faint one, `o`. `w`:
 * the chart's scale; `faint`: the bar has a faint one under it.
 */
export function Split({ l, o, c, nccl, w, faint }) {
  const link = nccl ? o : l;
  if (!link) return null;
  const lr = c * link.line_rate_allreduce_time_s;
  const intra = lr * link.intra_node_share;
  const [y, tall, f] = nccl ? [10, 4, ' faint'] : [0, faint ? 9 : 14, ''];
  return (
    <>
      <rect class={`b-intra${f}`} x="0" y={y} height={tall} width={w(intra)} />
      <rect
        class={`b-inter${f}`}
        x={w(intra)}
        y={y}
        height={tall}
        width={Math.max(w(lr) - w(intra), 0)}
      />
    </>
  );
}

/** The split's shares in words, beside the bar's label. */
export const splitText = ({ l, o, nccl }) => (
  <span class="muted"> — at line rate {sharesText(nccl ? o || l : l)}</span>
);

export const splitHint =
  ' A two-tier link’s line-rate bar splits into the time inside the node (its first part) and across nodes (its second).';

/** Where the rank count of a reading came from, in words. */
const RANKS_FROM = {
  header: 'from its “#  Rank” lines',
  'busbw/algbw': 'from the largest row’s busbw / algbw',
};

/** What the core read from the text: rows, size range, ranks and where from, lines passed over. */
function Reading({ read, typedRanks }) {
  const { rows } = read;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const ranks = read.ranks
    ? `${read.ranks} ranks ${RANKS_FROM[read.ranks_from] || ''}`
    : 'no rank count (the text does not say: give the ranks below)';
  return (
    <div class="reading" role="status">
      <p>
        <strong>
          Read {rows.length} rows, {fmt.bytes(first.bytes)} to {fmt.bytes(last.bytes)}
        </strong>{' '}
        ({fmt.time(first.time_s)} to {fmt.time(last.time_s)}), on {ranks}
        {typedRanks && read.ranks && ` — priced on the ${typedRanks} typed below`}.{' '}
        {read.skipped
          ? `${read.skipped} line${read.skipped === 1 ? '' : 's'} passed over (comments, headers, blank lines${read.first_skipped.length ? ', and these' : ''}).`
          : 'No line passed over.'}
      </p>
      {read.first_skipped.length > 0 && (
        <ul class="skipped">
          {read.first_skipped.map((s) => (
            <li key={s.line}>
              Line {s.line}: {s.reason}: <code>{s.text}</code>
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>The {rows.length} rows read</summary>
        <table class="rows">
          <thead>
            <tr>
              <th scope="col">line</th>
              <th scope="col">size</th>
              <th scope="col">time</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.line}>
                <td>{r.line}</td>
                <td>
                  {fmt.bytes(r.bytes)} ({fmt.count(r.bytes)} B)
                </td>
                <td>{fmt.time(r.time_s)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

/** A measured link: the text (typed, pasted, picked or dropped), what was read, then its ranks and domain. */
export function MeasuredFields({ form, row, i, labels }) {
  const model = useContext(ModelContext);
  const messages = useContext(MessagesContext);
  const { set } = useContext(ActionsContext);
  const [file, setFile] = useState(null); // what the last file pick or drop did, in words
  const [over, setOver] = useState(false);
  const id = `link.${i}.measured`;
  const text = row.edits.measured ?? '';
  const read = text.trim() ? reading(model, text) : null;
  const max = model.limits.max_json_bytes;
  const take = (f) => {
    if (!f) return;
    if (f.size > max) {
      setFile({
        bad: true,
        text: `${f.name} is ${fmt.bytes(f.size)}: more than the ${fmt.bytes(max)} of text a link may hold (an all_reduce_perf output is a few KB). Nothing was read.`,
      });
      return;
    }
    f.text().then(
      (t) => {
        set(i, 'measured', t);
        setFile({ text: `Read ${f.name} (${fmt.bytes(f.size)}).` });
      },
      (e) => setFile({ bad: true, text: `${f.name} could not be read: ${e?.message || e}` }),
    );
  };
  const errors = messages.errors[id];
  const box = useRef(null);
  useEffect(() => {
    if (!box.current.value) box.current.focus(); // a link just added: ready for the paste
  }, []);
  return (
    <>
      <div class={`field paste${errors ? ' invalid' : ''}${over ? ' over' : ''}`}>
        <label for={`in-${id}`}>nccl-tests output (all_reduce_perf)</label>
        <textarea
          ref={box}
          id={`in-${id}`}
          rows={text ? 8 : 5}
          wrap="off"
          spellcheck={false}
          autoComplete="off"
          aria-invalid={errors ? 'true' : undefined}
          aria-describedby={`hint-${id}${errors ? ` msg-${id}` : ''}`}
          placeholder="Paste what all_reduce_perf printed, or drop its file here"
          value={text}
          onInput={(e) => set(i, 'measured', e.currentTarget.value)}
          onDragOver={(e) => {
            e.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(e) => {
            e.preventDefault();
            setOver(false);
            take(e.dataTransfer?.files?.[0]);
          }}
        />
        <div class="row file">
          <label for={`in-${id}-file`}>Or pick the file:</label>
          <input
            id={`in-${id}-file`}
            type="file"
            accept=".txt,.log,.out,text/plain"
            onChange={(e) => {
              take(e.currentTarget.files?.[0]);
              e.currentTarget.value = '';
            }}
          />
        </div>
        <p class="hint" id={`hint-${id}`}>
          Every number of the calculator is then priced on your measured curve, at the rank count it
          was measured on (other tp sizes are scaled, with a warning).
        </p>
        {file && (
          <p class={file.bad ? 'err' : 'hint'} role="status">
            {file.text}
          </p>
        )}
        <Messages id={id} errors={errors} warnings={messages.warnings[id]} />
        {read && !read.error && read.rows.length > 0 && (
          <Reading read={read} typedRanks={row.edits.ranks?.trim()} />
        )}
      </div>
      <PartFields
        form={form}
        kind="measured_link"
        part={row}
        where={i}
        prefix={`link.${i}`}
        labels={labels}
        hint={(f) =>
          f.name === 'ranks' && read?.ranks
            ? `The text says ${read.ranks} (${RANKS_FROM[read.ranks_from]}); type another count to override it.`
            : undefined
        }
      />
    </>
  );
}

/** One tier of a two-tier link: a catalogue link or a custom one, and its fields. */
function Tier({ form, row, i, t, label, labels }) {
  const model = useContext(ModelContext);
  const { edit } = useContext(ActionsContext);
  const tier = row.tiers[t];
  const prefix = `link.${i}.${TIERS[t]}`;
  const entry = model.entries.link.get(tier.key);
  return (
    <fieldset class="tier">
      <legend>{label}</legend>
      <Field
        id={prefix}
        label={`Link (${TIERS[t]})`}
        hint={fieldInfo(model, 'two_tier_link', TIERS[t]).help}
        value={tier.key}
        options={[
          ...model.catalog.links.map((l) => [l.key, l.label]),
          ['', 'Custom link (type its numbers)'],
        ]}
        onInput={(key) => edit((f) => pickTier(f, i, t, key))}
      />
      {entry && isCustom(tier) && (
        <p class="badge-line">
          <span class="badge">custom</span> edited from {entry.label}
        </p>
      )}
      <PartFields
        form={form}
        kind="link"
        part={tier}
        prefix={prefix}
        onSet={(name, x) => edit((f) => setTier(model, f, i, t, name, x))}
        labels={{ ...labels, bandwidth: `${labels.bandwidth}, per rank` }}
      />
    </fieldset>
  );
}

/** A two-tier link: its preset (when the catalogue has some), the two tiers, and the ranks per node. */
export function TwoTierFields({ form, row, i, result, labels }) {
  const model = useContext(ModelContext);
  const { edit, set } = useContext(ActionsContext);
  const presets = model.catalog.two_tier_links || [];
  const entry = model.entries.two_tier.get(row.key);
  const nodes =
    result &&
    (result.node_count > 1
      ? `tp_size ${result.node_count * result.ranks_per_node} = ${result.node_count} nodes of ${result.ranks_per_node} ranks`
      : `tp_size ${result.ranks_per_node} fits in one node: the node link alone carries the all-reduce`);
  return (
    <>
      {presets.length > 0 && (
        <Field
          id={`link.${i}.preset`}
          label="Start from"
          value={row.key}
          options={[...presets.map((p) => [p.key, p.label]), ['', 'Your own tiers']]}
          onInput={(key) => edit((f) => pickTwoTier(model, f, i, key))}
        />
      )}
      {entry && (
        <p class="badge-line">
          {isCustom(row, model) ? (
            <>
              <span class="badge">custom</span> edited from {entry.label}
            </>
          ) : (
            <span class="muted">Source: {entry.source}</span>
          )}
        </p>
      )}
      <Tier form={form} row={row} i={i} t={0} label="Inside a node" labels={labels} />
      <Tier form={form} row={row} i={i} t={1} label="Across nodes" labels={labels} />
      <FormField
        id={`link.${i}.ranks_per_node`}
        form={form}
        kind="two_tier_link"
        part={row}
        name="ranks_per_node"
        label={labels.ranks_per_node}
        hint={nodes || undefined}
        inputMode="numeric"
        onInput={(x) => set(i, 'ranks_per_node', x)}
      />
    </>
  );
}
