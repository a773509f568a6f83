// The page's state and its browser history, in one place. Stored: the form (the preset it started
// from and the user's edits), the notice about the URL, and two bits of UI state. Everything else
// (the scenario, the core's outcome, the result shown, the sweep, the messages per input, the
// hash) is derived by view(), memoised on the form, and never stored twice. The history is this
// module's alone: a preset pick pushes an entry, typing replaces it (only valid states are
// written), and back/forward (hashchange) show what the hash says. A tiny store instead of a
// signals library: the page re-renders from the top on each change, well within one frame.

import {
  Later,
  addLink,
  createModel,
  fieldText,
  isCustom,
  isPreset,
  later,
  messagesByInput,
  pickPart,
  presetForm,
  setField,
  toScenario,
} from './form.js';
import { modelInputs } from './inputs.js';
import { tpValues } from './sweep.js';
import { MAX_HASH, decodeHash, encodeForm, loadRows, urlWithHash } from './url.js';
import { shortLabel } from './verdict.js';

function safely(fn, fallback) {
  try {
    return fn();
  } catch (e) {
    return fallback(e);
  }
}

const failed = (e) => ({
  errors: [{ field: 'scenario', path: [], message: `the calculator failed: ${e && e.message}` }],
});

/**
 * `win` is the browser window (location, history, hashchange, timers); leave it out and the state
 * keeps no history (the pure tests pass a stand-in).
 */
export function createAppState({ win } = {}) {
  const s = {
    api: null,
    model: null,
    form: null,
    notice: null,
    loadError: '',
    addPick: null,
    share: null,
  };
  const subscribers = new Set();
  const emit = () => subscribers.forEach((f) => f());

  let memo = {}; // derived values for memo.form
  let last = null; // the last valid outcome: shown (greyed) while the input is invalid
  let lastSweep = { of: null, value: null };
  let written = null; // the hash last written to (or read from) the address bar
  let pending = null; // the hash applyHash was last given (one may wait for code that loads on demand)
  let waiting = ''; // 'push' when a history entry waits for a hash (rows.js loading)
  let timer = 0;
  let pendingWrite = null; // a replacement waiting for typing to pause (flushUrl writes it now)

  /**
   * The form's scenario checked by the core: {errors} or {result, scenario (as the core read it),
   * names, alt}; `alt` is the same scenario in the other model (mlsysim's: FLOPs and line rate;
   * as it runs: the roofline and NCCL), with the launch overhead re-derived unless the user set
   * it, to show the two side by side.
   */
  function evaluate(form) {
    const { api, model } = s;
    const o = safely(() => api.check(toScenario(model, form)), failed);
    if (o.errors) return { errors: o.errors };
    const asItRuns = o.scenario.link_model === 'nccl';
    const other = asItRuns
      ? { link_model: 'line_rate', compute_model: 'flops' }
      : { link_model: 'nccl', compute_model: 'roofline' };
    const a = safely(
      () => api.check(toScenario(model, { ...form, edits: { ...form.edits, ...other } })),
      failed,
    );
    // Words for the headlines: a link's catalogue label (a two-tier preset's, up to its colon)
    // while it is unedited, else its name; the chip's key, or "accelerator" once edited.
    const names = {
      titles: form.links.map((r) =>
        isCustom(r, model)
          ? r.name
          : r.kind
            ? model.entries.two_tier.get(r.key).label.split(':')[0] // "HGX H100: NVLink 4 in the node, ..."
            : shortLabel(model.entries.link.get(r.key).label),
      ),
      chip: isCustom(form.accelerator) ? 'accelerator' : form.accelerator.key,
    };
    return { result: o.result, scenario: o.scenario, names, alt: a.result ? a : null };
  }

  function view() {
    const { model, form } = s;
    if (model && form && memo.form !== form) {
      const outcome = evaluate(form);
      const hash = encodeForm(model, form);
      // A measured or two-tier link needs rows.js for the hash: loaded, then the view again.
      if (hash === null)
        loadRows().then(
          () => {
            memo = {};
            emit();
            writeUrl(waiting || 'replace');
          },
          () => {},
        );
      if (outcome.result) last = outcome;
      memo = {
        form,
        outcome,
        hash,
        presetKey: isPreset(model, form) ? form.preset : '',
        errors: outcome.errors ? messagesByInput(model, form, outcome.errors) : {},
        warnings: outcome.result ? messagesByInput(model, form, outcome.result.warnings) : {},
      };
    }
    const shown = memo.outcome ? last : null;
    if (shown && lastSweep.of !== shown)
      lastSweep = {
        of: shown,
        value: sweepOf(shown),
        // The measured links, for the validation panel (a form only has them once rows.js is in).
        measured: shown.result.links.some((l) => l.kind === 'measured')
          ? later().measuredOf(s.model, shown.result, shown.scenario)
          : [],
      };
    return {
      ...memo,
      model,
      loadError: s.loadError,
      notice: s.notice,
      addPick: s.addPick ?? model?.catalog.links[0]?.key ?? '',
      share: s.share,
      shown,
      stale: !!memo.outcome?.errors,
      valid: !!memo.outcome?.result,
      inputs: shown ? modelInputs(shown.scenario, model.catalog) : null,
      sweep: shown ? lastSweep.value : null,
      measured: shown ? lastSweep.measured : [],
    };
  }

  /**
   * api.sweep over tp = 1, 2, 4, ... heads for the scenario shown (the core's own scenario, passed
   * back), and for the same scenario in the other link model (`alt`).
   */
  function sweepOf(shown) {
    const values = tpValues(modelInputs(shown.scenario, s.model.catalog).heads);
    const run = (scenario) => s.api.sweep(scenario, 'tp_size', values);
    return safely(
      () => ({
        values,
        points: run(shown.scenario),
        alt: shown.alt ? run(shown.alt.scenario) : null,
      }),
      () => null,
    );
  }

  function setState(patch) {
    Object.assign(s, patch);
    emit();
  }

  /** Writes the view's hash to the address bar: at once as a new entry, or as a replacement once typing pauses. */
  function writeUrl(mode) {
    if (!win) return;
    const v = view();
    // The address bar keeps the last valid state (a pending write of it included), and the last
    // one short enough to be read back (the share bar says when a view is longer).
    if (v.valid && v.hash === null) waiting = mode === 'push' ? mode : waiting; // written once rows.js is in
    if (!v.valid || !v.hash || v.hash.length > MAX_HASH) return;
    waiting = '';
    win.clearTimeout(timer);
    if (v.hash === written) return;
    const write = () => {
      pendingWrite = null;
      written = v.hash;
      win.history[mode === 'push' ? 'pushState' : 'replaceState'](
        null,
        '',
        urlWithHash(win.location.href, v.hash),
      );
    };
    pendingWrite = null;
    if (mode === 'push') write();
    else {
      pendingWrite = write;
      timer = win.setTimeout(write, 120);
    }
  }

  /**
   * Writes a replacement that waits for typing to pause at once: the address bar must hold the
   * view whenever it can be copied or kept (a share button, leaving the page), not the one of
   * 120 ms earlier.
   */
  function flushUrl() {
    if (!pendingWrite) return;
    win.clearTimeout(timer);
    pendingWrite();
  }

  const edit = (fn, mode = 'replace') => {
    setState({ form: fn(s.form), share: null });
    writeUrl(mode);
  };

  const actions = {
    /** Sets a field: `where` is 'scenario', 'workload', 'accelerator' or a link row's index. */
    set: (where, name, value) => edit((f) => setField(s.model, f, where, name, value)),
    /** Sets several scenario fields as one edit: [[name, value], ...]. */
    setScenario: (pairs) =>
      edit((f) =>
        pairs.reduce((g, [name, value]) => setField(s.model, g, 'scenario', name, value), f),
      ),
    /** Sets the peak of the precision shown. */
    setPeak: (value) =>
      edit((f) =>
        setField(
          s.model,
          f,
          'accelerator',
          `peak_flops.${fieldText(s.model, f, 'scenario', f, 'precision')}`,
          value,
        ),
      ),
    setLinkName: (i, name) =>
      edit((f) => ({ ...f, links: f.links.map((r, j) => (j === i ? { ...r, name } : r)) })),
    pickPreset(key) {
      let next;
      try {
        next = presetForm(s.model, key);
      } catch (e) {
        if (!(e instanceof Later)) throw e;
        return e.load().then(() => actions.pickPreset(key)); // a preset with a two-tier link: rows.js first
      }
      if (!next) return;
      s.notice = null;
      edit(() => next, 'push');
    },
    pickWorkload: (key) =>
      s.model.entries.workload.has(key) && edit((f) => pickPart(f, 'workload', key)),
    pickAccelerator: (key) =>
      s.model.entries.accelerator.has(key) && edit((f) => pickPart(f, 'accelerator', key)),
    setAddPick: (key) => setState({ addPick: key }),
    /** Replaces the form by `fn(form)` (the measured and two-tier rows' edits, rows.js). */
    edit: (fn) => edit(fn),
    addLink: (key) =>
      s.form.links.length < s.model.limits.max_links && edit((f) => addLink(s.model, f, key)),
    removeLink: (i) =>
      s.form.links.length > 1 && edit((f) => ({ ...f, links: f.links.filter((_, j) => j !== i) })),
    setShare: (share) => {
      flushUrl();
      setState({ share });
    },
    dismissNotice: () => setState({ notice: null }),
  };

  /**
   * Shows the view a hash describes. A hash that cannot be read, or whose scenario the core
   * rejects, is ignored as a whole: the first preset is shown with a notice naming why. The
   * address bar then holds this form's own hash (none for the preset shown instead).
   */
  function applyHash(hash) {
    const model = s.model;
    const decoded = safely(
      () => decodeHash(model, hash),
      () => ({ form: null, ignored: ['the link (unreadable)'] }),
    );
    pending = hash;
    // Code that loads on demand first (the page waits, showing what it showed): rows.js for a
    // measured or two-tier link (a hash's, or its preset's own hash).
    const later =
      decoded.later || (decoded.form && encodeForm(model, decoded.form) === null && loadRows());
    if (later) {
      return later.then(
        () => pending === hash && applyHash(hash),
        (e) =>
          pending === hash &&
          setState({
            form: presetForm(model, model.catalog.presets[0].key),
            notice: {
              ignored: [
                `the link (the code that reads it could not be loaded: ${e?.message || e})`,
              ],
              reset: true,
            },
          }),
      );
    }
    let next = decoded.form;
    const ignored = [...decoded.ignored];
    if (next) {
      const o = evaluate(next);
      if (o.errors) {
        next = null;
        for (const e of o.errors.slice(0, 5)) ignored.push(`${e.field}: ${e.message}`);
        if (o.errors.length > 5) ignored.push(`and ${o.errors.length - 5} more problems`);
      } else if (Object.hasOwn(next.edits, 'precision')) {
        next = setField(model, next, 'scenario', 'precision', o.scenario.precision); // "fp16" -> "fp16_dense", as the core read it
      }
    }
    const own = next ? encodeForm(model, next) : '';
    if (win && own !== String(hash ?? '').replace(/^#/, ''))
      win.history.replaceState(null, '', urlWithHash(win.location.href, own));
    written = own;
    setState({
      form: next || presetForm(model, model.catalog.presets[0].key),
      notice: ignored.length ? { ignored, reset: !next } : null,
    });
  }

  return {
    view,
    actions,
    subscribe(f) {
      subscribers.add(f);
      return () => subscribers.delete(f);
    },
    /**
     * Takes the loaded module, shows the state in the address bar's hash, and follows back/forward;
     * a promise when the hash waits for code that loads on demand (a measured or two-tier link).
     */
    setApi(api) {
      s.api = api;
      s.model = createModel(
        api.catalog(),
        (scenario) =>
          safely(
            () => api.check(scenario).scenario,
            () => undefined,
          ),
        (text) => api.readMeasured(text),
      );
      const shown = applyHash(win ? win.location.hash : '');
      win?.addEventListener('hashchange', () => {
        const h = win.location.hash.replace(/^#/, '');
        if (h === written) return;
        win.clearTimeout(timer);
        pendingWrite = null;
        applyHash(h);
      });
      win?.addEventListener('pagehide', flushUrl);
      win?.addEventListener('visibilitychange', () => {
        if (win.document.visibilityState === 'hidden') flushUrl();
      });
      return shown;
    },
    /** Shows a hash as if the address bar held it (what back/forward do); a promise as setApi's. */
    applyHash,
    setLoadError: (message) => setState({ loadError: message }),
  };
}
