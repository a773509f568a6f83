// The page's state, in one place. Stored: the form (exactly what the user typed), the loaded
// module, the notice about the URL and two bits of UI state. Everything else (the scenario, the
// core's outcome, the result shown, the sweep, the messages per input, the hash) is derived by
// view(), memoised on the form, and never stored twice. A tiny store instead of a signals
// library: the page re-renders from the top on each change, which is well within one frame.

import {
  DEFAULT_PRESET,
  acceleratorForm,
  acceleratorIsCustom,
  freeName,
  index,
  linkIsPreset,
  linkRowFromPreset,
  messagesByInput,
  presetForm,
  toScenario,
  workloadForm,
} from './form.js';
import { modelInputs } from './math.js';
import { tpValues } from './sweep.js';
import { decodeHash, encodeForm } from './url.js';
import { shortLabel } from './verdict.js';

function safely(fn, fallback) {
  try {
    return fn();
  } catch (e) {
    return fallback(e);
  }
}

/** The form's scenario checked by the core: {errors} or {result, scenario, names}. */
function evaluate(api, catalog, form) {
  const scenario = toScenario(form, catalog);
  const o = safely(
    () => api.check(scenario),
    (e) => ({ errors: [{ field: '', message: `the calculator failed: ${e && e.message}` }] }),
  );
  if (o.errors) return { errors: o.errors };
  // Words for the headlines: a link's catalogue label while it keeps the catalogue's numbers,
  // else its name; the chip's key, or "accelerator" once edited.
  const idx = index(catalog);
  const names = {
    titles: form.links.map((r) => (linkIsPreset(r, catalog) ? shortLabel(idx.links.get(r.preset).label) : r.name)),
    chip: acceleratorIsCustom(form.accelerator, catalog) ? 'accelerator' : form.accelerator.key,
  };
  return { result: o.result, scenario, names };
}

export function createAppState() {
  const s = { api: null, catalog: null, form: null, notice: null, loadError: '', edits: 0, addPick: null, share: null };
  const subscribers = new Set();
  const emit = () => subscribers.forEach((f) => f());
  let navigation = 'replace'; // how the next URL write goes into history

  let memo = {}; // derived values for memo.form
  let last = null; // the last valid outcome: shown (greyed) while the input is invalid
  let lastSweep = { of: null, value: null };
  let presetHashes = null; // [key, hash] of each preset, to recognise a preset's form

  function view() {
    const { api, catalog, form } = s;
    if (memo.form !== form || memo.catalog !== catalog) {
      memo = { form, catalog };
      if (api && catalog && form) {
        const outcome = evaluate(api, catalog, form);
        if (outcome.result) last = outcome;
        const hash = encodeForm(form, catalog);
        memo.outcome = outcome;
        memo.hash = hash;
        memo.errors = outcome.errors ? messagesByInput(outcome.errors, form) : {};
        memo.warnings = outcome.result ? messagesByInput(outcome.result.warnings, form) : {};
        presetHashes ||= catalog.presets.map((p) => [p.key, encodeForm(presetForm(p.key, catalog), catalog)]);
        memo.presetKey = (presetHashes.find((p) => p[1] === hash) || [''])[0];
      }
    }
    const shown = memo.outcome ? last : null;
    if (shown && lastSweep.of !== shown) lastSweep = { of: shown, value: sweepOf(shown) };
    return {
      ...memo,
      loadError: s.loadError,
      notice: s.notice,
      addPick: s.addPick ?? (catalog && catalog.links[0] ? catalog.links[0].key : ''),
      share: s.share,
      shown,
      stale: !!(memo.outcome && memo.outcome.errors),
      valid: !!(memo.outcome && memo.outcome.result),
      inputs: shown ? modelInputs(shown.scenario, catalog) : null,
      sweep: shown ? lastSweep.value : null,
      act: actions,
    };
  }

  /** One api.sweep over tp = 1, 2, 4, ... heads for the scenario shown. */
  function sweepOf(shown) {
    const w = shown.scenario.workload;
    const heads = typeof w === 'string' ? index(s.catalog).workloads.get(w)?.heads : w.heads;
    const values = tpValues(heads);
    return safely(
      () => ({ values, points: s.api.sweep(shown.scenario, 'tp_size', values) }),
      () => null,
    );
  }

  function setState(patch) {
    Object.assign(s, patch);
    emit();
  }
  const edit = (fn) => setState({ form: fn(s.form), edits: s.edits + 1, share: null });
  const entries = (kind) => index(s.catalog)[kind];

  const actions = {
    set: (field, value) => edit((f) => ({ ...f, [field]: value })),
    setWorkload: (field, value) => edit((f) => ({ ...f, workload: { ...f.workload, [field]: value } })),
    setAccelerator: (field, value) => edit((f) => ({ ...f, accelerator: { ...f.accelerator, [field]: value } })),
    setPeak: (value) => edit((f) => ({ ...f, accelerator: { ...f.accelerator, peaks: { ...f.accelerator.peaks, [f.precision]: value } } })),
    setLink: (i, field, value) => edit((f) => ({ ...f, links: f.links.map((r, j) => (j === i ? { ...r, [field]: value } : r)) })),
    pickPreset(key) {
      const next = presetForm(key, s.catalog);
      if (!next) return;
      navigation = 'push';
      s.notice = null;
      edit(() => next);
    },
    pickWorkload(key) {
      const entry = entries('workloads').get(key);
      if (entry) edit((f) => ({ ...f, workload: workloadForm(entry) }));
    },
    pickAccelerator(key) {
      const entry = entries('accelerators').get(key);
      if (entry) edit((f) => ({ ...f, accelerator: acceleratorForm(entry, s.catalog) }));
    },
    setAddPick: (key) => setState({ addPick: key }),
    addLink(key) {
      const entry = entries('links').get(key);
      edit((f) => {
        const row = entry
          ? linkRowFromPreset(entry, freeName(f.links, entry.key), s.catalog)
          : { name: freeName(f.links, `link${f.links.length + 1}`), bandwidth: ['', 'GB/s'], latency: ['0', 'us'], preset: '' };
        return { ...f, links: [...f.links, row] };
      });
    },
    removeLink(i) {
      if (s.form.links.length > 1) edit((f) => ({ ...f, links: f.links.filter((_, j) => j !== i) }));
    },
    setShare: (share) => setState({ share }),
    dismissNotice: () => setState({ notice: null }),
  };

  /**
   * Shows the view a hash describes. A hash that cannot be read, or whose scenario the core
   * rejects, is ignored as a whole: the default scenario is shown with a notice naming why.
   */
  function applyHash(hash) {
    const c = s.catalog;
    const decoded = safely(
      () => decodeHash(hash, c),
      () => ({ form: null, ignored: ['the link (unreadable)'] }),
    );
    let next = decoded.form;
    const ignored = [...decoded.ignored];
    if (next) {
      const o = evaluate(s.api, c, next);
      if (o.errors) {
        next = null;
        for (const e of o.errors.slice(0, 5)) ignored.push(`${e.field || 'the scenario'}: ${e.message}`);
        if (o.errors.length > 5) ignored.push(`and ${o.errors.length - 5} more problems`);
      }
    }
    setState({ form: next || presetForm(DEFAULT_PRESET, c), notice: ignored.length ? { ignored, reset: !next } : null });
  }

  return {
    view,
    get: () => s,
    subscribe(f) {
      subscribers.add(f);
      return () => subscribers.delete(f);
    },
    actions,
    applyHash,
    /** Takes the loaded module and shows the state in `hash` (or the default scenario). */
    setApi(api, hash) {
      s.api = api;
      s.catalog = api.catalog();
      applyHash(hash);
    },
    setLoadError: (message) => setState({ loadError: message }),
    /** How the next URL write goes into history ('push' after a preset pick); resets it. */
    takeNavigation() {
      const n = navigation;
      navigation = 'replace';
      return n;
    },
  };
}
