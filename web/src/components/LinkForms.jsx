// The editors of a measured link (nccl-tests output pasted, picked or dropped, with what the core
// read from it) and of a two-tier link, loaded on demand when the form first has such a row.

import { useEffect, useRef, useState } from 'preact/hooks';
import { useForm } from '../ui/context.js';
import * as fmt from '../words/format.js';
import { measuredText } from '../state/nccltext.js';
import { TIERS, isEntry, valueAt } from '../state/scenario.js';
import { Custom } from './CatalogPick.jsx';
import { Field } from './Field.jsx';
import { FormField, PartFields } from './FormField.jsx';
import { Messages } from './Messages.jsx';
import './LinkForms.css';

/** Where the rank count of a reading came from, in words. */
const RANKS_FROM = {
  header: 'from its “#  Rank” lines',
  'busbw/algbw': 'from the largest row’s busbw / algbw',
};

/** What the core read from the text: rows, size range, ranks and where from, lines passed over. */
function Reading({ read, typedRanks }) {
  const { rows } = read;
  const [first, last] = [rows[0], rows.at(-1)];
  const ranks = read.ranks
    ? `${read.ranks} ranks ${RANKS_FROM[read.ranks_from] || ''}`
    : 'no rank count (the text does not say: give the ranks below)';
  return (
    <div class="reading" role="status">
      <p>
        <strong>
          Read {rows.length} rows, {fmt.binaryBytes(first.bytes)} to {fmt.binaryBytes(last.bytes)}
        </strong>{' '}
        ({fmt.time(first.time_s)} to {fmt.time(last.time_s)}), on {ranks}
        {typedRanks && read.ranks && ` — priced on the ${typedRanks} typed below`}.{' '}
        {read.skipped
          ? `${read.skipped} ${fmt.plural(read.skipped, 'line')} passed over (comments, headers, blank lines${read.first_skipped.length ? ', and these' : ''}).`
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
        <div class="scroll" tabIndex={0} role="region" aria-label="The rows read">
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
                    {fmt.binaryBytes(r.bytes)} ({fmt.count(r.bytes)} B)
                  </td>
                  <td>{fmt.time(r.time_s)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** A measured link: its text, what the core read from it, and its fields. */
export function MeasuredFields({ i, labels }) {
  const { model, set, form, errors, reading } = useForm();
  const [file, setFile] = useState(null); // what the last file pick or drop did, in words
  const [over, setOver] = useState(false);
  const box = useRef(null);
  const id = `link.${i}.measured`;
  const { rows, ...row } = form.scenario.links[i];
  const typedRanks = String(row.ranks ?? '').trim();
  const text = row.measured ?? (rows ? measuredText(Number(typedRanks) || 0, rows) : '');
  const read = text.trim() ? reading(text) : null;
  const put = (t) => set(['links', i], { ...row, measured: t });
  // A file read ends later: it writes to this row where it is then, and nowhere once it is gone.
  const live = useRef(put);
  live.current = put;
  useEffect(() => () => (live.current = null), []);
  const max = model.limits.max_json_bytes;
  const take = (f) => {
    if (!f) return;
    if (f.size > max)
      return setFile({
        bad: true,
        text: `${f.name} is ${fmt.bytes(f.size)}: more than the ${fmt.binaryBytes(max)} of text a link may hold (an all_reduce_perf output is a few KB). Nothing was read.`,
      });
    f.text().then(
      (t) => {
        if (!live.current) return;
        live.current(t);
        setFile({ text: `Read ${f.name} (${fmt.bytes(f.size)}).` });
      },
      (e) =>
        live.current &&
        setFile({ bad: true, text: `${f.name} could not be read: ${e?.message || e}` }),
    );
  };
  useEffect(() => {
    if (!box.current.value) box.current.focus(); // a link just added: ready for the paste
  }, []);
  const bad = errors[id];
  return (
    <>
      <div class={`field paste${bad ? ' invalid' : ''}${over ? ' over' : ''}`}>
        <label for={`in-${id}`}>nccl-tests output (all_reduce_perf)</label>
        <textarea
          ref={box}
          id={`in-${id}`}
          rows={text ? 8 : 5}
          wrap="off"
          spellcheck={false}
          autoComplete="off"
          aria-invalid={bad ? 'true' : undefined}
          aria-describedby={`hint-${id}${bad ? ` msg-${id}` : ''}`}
          placeholder="Paste what all_reduce_perf printed, or drop its file here"
          value={text}
          onInput={(e) => put(e.currentTarget.value)}
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
        <Messages id={id} />
        {read && !read.error && read.rows.length > 0 && (
          <Reading read={read} typedRanks={errors[`link.${i}.ranks`] ? '' : typedRanks} />
        )}
      </div>
      <PartFields
        kind="measured_link"
        path={['links', i]}
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

const TIER_HINTS = [
  'NVLink or PCIe: a catalogue link, or your own (type its numbers).',
  'Each rank’s own network link (one NIC per GPU on a rail-optimised cluster).',
];

/** One tier of a two-tier link: a catalogue link or a custom one, and its fields. */
function Tier({ i, t, label, labels }) {
  const { model, set, form, entries } = useForm();
  const path = ['links', i, TIERS[t]];
  const tier = valueAt(model, form.scenario, path);
  const key = typeof tier === 'string' ? tier : (tier?.preset ?? '');
  const entry = model.entries.link.get(key);
  return (
    <fieldset class="tier">
      <legend>{label}</legend>
      <Field
        id={`link.${i}.${TIERS[t]}`}
        label={t ? 'Link across nodes' : 'Link inside a node'}
        hint={TIER_HINTS[t]}
        value={key}
        options={[
          ...model.catalog.links.map((l) => [l.key, l.label]),
          ['', 'Custom link (type its numbers)'],
        ]}
        onInput={(k) => set(path, k || {})}
      />
      {entry && !isEntry(model, form, path, entries) && <Custom>edited from {entry.label}</Custom>}
      <PartFields
        kind="link"
        path={path}
        labels={{ ...labels, bandwidth: `${labels.bandwidth}, per rank` }}
      />
    </fieldset>
  );
}

/** A two-tier link: its catalogue entry (to start from), the two tiers, and the ranks per node. */
export function TwoTierFields({ i, result, labels }) {
  const { model, pickTwoTier, form, entries, last } = useForm();
  const row = form.scenario.links[i];
  const entry = model.entries.two_tier_link.get(row.preset);
  const nodes =
    result &&
    (result.node_count > 1
      ? `TP ${result.node_count * result.ranks_per_node} = ${result.node_count} nodes of ${result.ranks_per_node} ${fmt.plural(result.ranks_per_node, 'rank')}`
      : `TP ${last.tp_size} fits in one node: the node link alone carries the all-reduce`);
  return (
    <>
      <Field
        id={`link.${i}.preset`}
        label="Start from"
        value={entry ? row.preset : ''}
        options={[
          ...model.catalog.two_tier_links.map((p) => [p.key, p.label]),
          ['', 'Your own tiers'],
        ]}
        onInput={(key) => pickTwoTier(i, key)}
      />
      {entry &&
        (isEntry(model, form, ['links', i], entries) ? (
          <p class="badge-line">
            <span class="muted">Source: {entry.source}</span>
          </p>
        ) : (
          <Custom>edited from {entry.label}</Custom>
        ))}
      <Tier i={i} t={0} label="Inside a node" labels={labels} />
      <Tier i={i} t={1} label="Across nodes" labels={labels} />
      <FormField
        path={['links', i, 'ranks_per_node']}
        hint={nodes || undefined}
        inputMode="numeric"
      />
    </>
  );
}
