// The page's state and its browser history, in one place. Stored: the form (scenario.js), the
// notice about the URL, and bits of UI state; everything else (the core's outcome in both models,
// the sweep, the messages per input, the hash) is derived by view(), memoised on the form. A
// preset pick pushes a history entry at once, any other valid edit replaces the current one once
// the edits pause, and back/forward (hashchange) show what the hash says. The form and the result
// never wait for code that loads on demand; what the answer does not need before it is drawn
// follows it: the sweep in the task after the frame that shows it (settle()), the history entry
// once the edits pause.

import {
  addRow,
  clip,
  createModel,
  inputFor,
  isEntry,
  messagesByInput,
  pickTwoTier,
  presetForm,
  setAt,
  shown,
  toCore,
  withRowIds,
} from './scenario.js';
import { asTyped, unitLabel } from '../words/format.js';
import { drawnPoint, modelInputs, tokenValues, tpValues } from './sweep.js';
import { MODELS, fieldsOf } from '../words/models.js';
import { MAX_HASH, decode, encode, urlWithHash } from './url.js';

/** How long the edits pause before the address bar takes the last one (edit()). */
export const HISTORY_QUIET_MS = 300;

function safely(fn, fallback) {
  try {
    return fn();
  } catch (e) {
    return fallback(e);
  }
}

/** `fn()`, remembered in `map` under `key`. */
const remember = (map, key, fn) => (map.has(key) ? map : map.set(key, fn())).get(key);

/** A link of the user's own, by its name; the names the page gives new rows, in words. */
function ownTitle(name) {
  const [, base, n] = /^(measured|two_tier|link)_?(\d*)$/.exec(name) || [];
  const word = { measured: 'Measured link', two_tier: 'Two-tier link', link: 'Link' }[base];
  return word ? `${word}${n ? ` ${n}` : ''}` : name;
}

const failed = (e) => ({
  errors: [{ field: 'scenario', path: [], message: `the calculator failed: ${e && e.message}` }],
});

/**
 * The form checked by the core, as the page and <tp-layer> show it: {errors} or {result, scenario,
 * entries, names, alt}; `alt` is the same scenario in the other model (mlsysim's: FLOPs and line
 * rate; as it runs: the roofline and NCCL), its launch overhead re-derived unless set.
 */
export function evaluate(api, model, form) {
  const o = safely(() => api.check(toCore(model, form.scenario)), failed);
  if (o.errors) return { errors: o.errors };
  const { fields: other } = MODELS.find(
    ({ fields }) => fields.link_model !== o.scenario.link_model,
  );
  const a = safely(
    () => api.check(toCore(model, { ...form.scenario, ...fieldsOf(other, form.scenario) })),
    failed,
  );
  // Display names: a catalogue part's short name, ", edited" once edited; a link of the
  // user's own by its name, a default one in words.
  const edited = (path) => !isEntry(model, form, path, o.entries);
  const named = (e, path) => e.short_name + (edited(path) ? ', edited' : '');
  const { accelerator: chip, workload: w } = o.scenario;
  const acc = model.entries.accelerator.get(chip?.preset ?? chip);
  const work = model.entries.workload.get(w?.preset ?? w);
  const names = {
    titles: form.scenario.links.map((r, i) => {
      const e = model.entries.link.get(r.preset) || model.entries.two_tier_link.get(r.preset);
      return e ? named(e, ['links', i]) : ownTitle(r.name);
    }),
    chip: acc ? `${edited(['accelerator']) ? 'edited ' : ''}${acc.short_name}` : 'accelerator',
    workload: work
      ? named(work, ['workload'])
      : (typeof w?.name === 'string' && w.name) || 'a custom model',
  };
  const { result, scenario, entries } = o;
  return { result, scenario, entries, names, alt: a.result ? a : null };
}

/** `win`: the browser window (location, history, hashchange); without it, no history (tests). */
export function createAppState({ win } = {}) {
  const s = {
    api: null,
    model: null,
    form: null,
    notice: null,
    loadError: '',
    sweepOver: 'tp_size', // the field the sweep varies: 'tp_size' or 'tokens'
  };
  const subscribers = new Set();
  const emit = () => subscribers.forEach((f) => f());
  /** Sets a bit of UI state that no hash or result depends on. */
  const setter = (key) => (value) => {
    s[key] = value;
    emit();
  };

  let memo = {}; // derived values for memo.form
  let last = null; // the last valid outcome: shown (greyed) while the input is invalid
  let lastSweep = { of: null };
  let drawnSweep = null; // the last sweep computed: drawn until the one for the result shown is
  let pending = false; // a history write waits for the edits to pause
  let quiet = null; // the timer that writes once the edits pause (edit())
  let settling = false;
  let written = null; // the hash last written to (or read from) the address bar
  const readings = new Map(); // the core's readings of the last few measured texts

  /** The core's reading of nccl-tests text (api.readMeasured), remembered; `error` when it refuses. */
  function reading(text) {
    if (readings.size > 8 && !readings.has(text)) readings.clear();
    return remember(readings, text, () =>
      safely(
        () => s.api.readMeasured(text),
        (e) => ({ rows: [], first_skipped: [], error: e.errors?.[0]?.message || String(e) }),
      ),
    );
  }

  const hashOf = (form) => encode(s.model, form, reading);

  const presets = new Map(); // each preset's scenario as check() writes it, once asked
  /** A preset's scenario as the core reads it (its parts resolved), to compare check()'s with. */
  const presetRead = (key) =>
    remember(presets, key, () =>
      safely(() => s.api.check(s.model.presets.get(key).scenario).scenario, failed),
    );

  function view() {
    const { model, form } = s;
    if (model && form && memo.form !== form) {
      const outcome = evaluate(s.api, model, form);
      if (outcome.result) last = outcome;
      const precision = shown(model, form, ['precision']);
      const by = (list) => messagesByInput(model, form.scenario, list, precision);
      const preset = presetRead(form.preset);
      memo = {
        form,
        outcome,
        precision,
        core: outcome.scenario || null,
        entries: outcome.entries || null,
        hash: outcome.result ? hashOf(form) : '',
        // Both as the core writes a scenario, in its order: equal text, the same scenario.
        presetKey: JSON.stringify(outcome.scenario) === JSON.stringify(preset) ? form.preset : '',
        errors: outcome.errors ? by(outcome.errors) : {},
        warnings: outcome.result ? by(outcome.result.warnings) : {},
      };
    }
    const shownNow = memo.outcome ? last : null;
    if (shownNow && (lastSweep.of !== shownNow || lastSweep.over !== s.sweepOver))
      lastSweep = { of: shownNow, over: s.sweepOver, measured: measuredOf(shownNow) };
    const swept = lastSweep;
    return {
      ...memo,
      model,
      loadError: s.loadError,
      notice: s.notice,
      shown: shownNow,
      stale: !!memo.outcome?.errors,
      valid: !!memo.outcome?.result,
      // Swept when first read (by the details, below the first screen: the page's takeover
      // draws the first screen in a task that sweeps nothing), then memoised with the result.
      // After an edit, the last sweep (with the outcome it is of: `of`) is drawn until settle()'s
      // task sweeps the new one: 2 x 41 solves are not needed for the answer's first frame.
      get sweep() {
        if (!shownNow) return null;
        if (!('value' in swept)) {
          if (win && drawnSweep?.field === swept.over) {
            swept.asked = true;
            settle();
            return drawnSweep;
          }
          swept.value = sweepOf(shownNow, swept.over);
        }
        return (drawnSweep = swept.value);
      },
      measured: shownNow ? lastSweep.measured : [],
      reading,
    };
  }

  /** api.sweep of outcome `o` over `field` (tp or tokens, sweep.js's values), in both models. */
  function sweepOf(o, field) {
    const values =
      field === 'tokens' ? tokenValues(o.scenario.tokens) : tpValues(modelInputs(o.scenario).heads);
    const run = (scenario) => s.api.sweep(scenario, field, values).map(drawnPoint);
    return safely(
      () => ({ of: o, field, values, points: run(o.scenario), alt: o.alt && run(o.alt.scenario) }),
      () => null,
    );
  }

  /**
   * The measured links shown, for the measurements panel: {name, ranks, bus_bandwidth (the core's:
   * its largest row's busbw), rows}.
   */
  const measuredOf = (o) =>
    o.result.links
      .filter((l) => l.kind === 'measured')
      .map(({ name, measured_ranks: ranks, bandwidth_bytes_per_s: bus_bandwidth }) => {
        const link = o.scenario.links[name];
        const rows = link.rows || reading(link.measured).rows.map((r) => [r.bytes, r.time_s]);
        return { name, ranks, bus_bandwidth, rows };
      });

  /** Writes the view's hash to the address bar: a new entry (`push`), else over the current. */
  function write({ push = false } = {}) {
    const v = view();
    // The address bar keeps the last valid state, and the last one short enough to be read back.
    if (!win || !v.valid || v.hash.length > MAX_HASH || v.hash === written) return;
    const url = urlWithHash(win.location.href, v.hash);
    // Safari refuses more than 100 history changes in 30 s (SecurityError): the address bar then
    // keeps the last state it took until the next edit it takes, and the view is not held up.
    try {
      win.history[push ? 'pushState' : 'replaceState'](null, '', url);
      written = v.hash;
    } catch {
      written = null;
    }
  }

  /** The pending history write, now (the entry it is for is about to be left). */
  function flush() {
    if (pending) write();
    pending = false;
  }

  /**
   * What waits for the task after the next frame, once for any number of edits before it: the
   * sweep of the result shown, if the details asked for it (then drawn: emit).
   */
  function settle() {
    if (settling) return;
    settling = true;
    win.requestAnimationFrame(() =>
      win.setTimeout(() => {
        settling = false;
        view(); // lastSweep: the result shown now's
        if (lastSweep.asked && !('value' in lastSweep)) {
          lastSweep.value = drawnSweep = sweepOf(lastSweep.of, lastSweep.over);
          emit();
        }
      }),
    );
  }

  // A preset pick writes its entry at once (back must find the one it left, with that entry's
  // last edit: flushed first); any other edit's replace waits until the edits pause for
  // HISTORY_QUIET_MS, so that a run of keystrokes writes once: in Chromium each write costs the
  // browser process CPU (the favicon is fetched again), which ran beside the next keystroke's
  // render (DEVELOPING.md, Input latency).
  function edit(fn, { push = false } = {}) {
    if (push) flush();
    s.form = withRowIds(fn(s.form));
    if (push || !win) write({ push });
    else {
      pending = true;
      win.clearTimeout(quiet);
      quiet = win.setTimeout(flush, HISTORY_QUIET_MS);
      settle();
    }
    emit();
  }
  const scenario = (fn) => edit((f) => ({ ...f, scenario: fn(f.scenario) }));

  const actions = {
    /** Sets the value at a path of the scenario (['links', 0, 'bandwidth']); a key picks a catalogue part. */
    set: (path, value) => scenario((sc) => setAt(s.model, sc, path, value)),
    /** Sets several values as one edit: [[path, value], ...]. */
    setMany: (pairs) =>
      scenario((sc) => pairs.reduce((x, [path, value]) => setAt(s.model, x, path, value), sc)),
    pickPreset(key) {
      const next = presetForm(s.model, key);
      if (!next) return;
      s.notice = null;
      edit(() => next, { push: true });
    },
    /** Starts two-tier row `i` again from a catalogue two-tier link ('' : the user's own). */
    pickTwoTier: (i, key) => scenario((sc) => pickTwoTier(s.model, sc, i, key)),
    addRow: (pick) =>
      s.form.scenario.links.length < s.model.limits.max_links &&
      scenario((sc) => addRow(s.model, sc, pick)),
    removeRow: (i) =>
      s.form.scenario.links.length > 1 &&
      scenario((sc) => ({ ...sc, links: sc.links.filter((_, j) => j !== i) })),
    sweepOver: setter('sweepOver'),
    dismissNotice: () => setter('notice')(null),
  };

  /**
   * Shows the view a hash describes. A key whose value the core refuses is dropped, named, and
   * the rest read again; a hash that cannot be read, or whose scenario the core still rejects,
   * is ignored as a whole: the first preset is shown with a notice naming why. The address bar
   * then holds this form's own hash (none for the preset shown instead).
   */
  function applyHash(hash) {
    pending = false; // an edit's write still waiting would replace the entry now shown
    const { model } = s;
    const h = String(hash ?? '').replace(/^#/, '');
    const keys = [];
    const read = (skip) =>
      safely(
        () => decode(model, h, skip, keys),
        () => ({ form: null, ignored: ['the link (unreadable)'] }),
      );
    let decoded = read();
    let next = decoded.form;
    let o = next && evaluate(s.api, model, next);
    let dropped = [];
    if (o?.errors) {
      // The keys that set an input the core names (a row itself stays: it is the structure),
      // each key's input found as the core's messages' are (a peak's: the chip's peak input).
      const { precision } = next.scenario;
      const by = messagesByInput(model, next.scenario, o.errors, precision);
      const said = (at) => by[inputFor(model, next.scenario, at, precision)];
      const skip = keys.filter(([, at]) => !(at[0] === 'links' && at.length <= 2) && said(at));
      // A quantity ([number, unit]) as the link wrote it ("-5 GB/s"), not in the core's SI.
      const typed = (v) =>
        Array.isArray(v) && typeof v[1] === 'string' && `${v[0]} ${unitLabel(v[1])}`;
      dropped = skip.map(
        ([k, at, v]) => `"${clip(k, 64)}": ${asTyped(said(at)[0].message, typed(v))}`,
      );
      if (skip.length) {
        decoded = read(new Set(skip.map(([k]) => k)));
        next = decoded.form;
        o = next && evaluate(s.api, model, next);
      }
    }
    const ignored = [...decoded.ignored, ...dropped];
    if (o?.errors) {
      next = null;
      for (const e of o.errors.slice(0, 5)) ignored.push(`${e.field}: ${e.message}`);
      if (o.errors.length > 5) ignored.push(`and ${o.errors.length - 5} more problems`);
    } else if (typeof next?.scenario.precision === 'string') {
      // "fp16" -> "fp16_dense", as the core read it (the select lists the core's keys).
      next = { ...next, scenario: { ...next.scenario, precision: o.scenario.precision } };
    }
    const own = next ? hashOf(next) : '';
    if (win && own !== h) win.history.replaceState(null, '', urlWithHash(win.location.href, own));
    written = own;
    s.form = withRowIds(next || presetForm(model, model.catalog.presets[0].key));
    s.notice = ignored.length ? { ignored, reset: !next } : null;
    emit();
  }

  return {
    view,
    actions,
    subscribe(f) {
      subscribers.add(f);
      return () => subscribers.delete(f);
    },
    /** Takes the loaded module, shows the state of the address bar's hash, and follows back/forward. */
    setApi(api) {
      s.api = api;
      s.model = createModel(s.api.catalog());
      applyHash(win ? win.location.hash : '');
      win?.addEventListener('pagehide', flush);
      win?.addEventListener('hashchange', () => {
        if (win.location.hash.replace(/^#/, '') !== written) applyHash(win.location.hash);
      });
    },
    /** Shows a hash as if the address bar held it (what back/forward do). */
    applyHash,
    setLoadError: setter('loadError'),
  };
}
