// <tp-layer>: the calculator's verdict and compare chart on any page (dist/element.js; the npm
// package's tplayer/element; its attributes are in docs/embedding.md). It draws in a shadow root
// with the page's own components (built by dom.js, not Preact) and stylesheet, follows the host's
// light or dark scheme (schemeOf below), and links to the full page for the same view. The module
// (tplayer.js beside this file) loads once per page, however many elements there are.

import { render } from './platform/dom.js';
import css from './result.css?inline';
import { loadApi } from './platform/api.js';
import { CompareBars } from './components/CompareBars.jsx';
import { Verdicts } from './components/Verdicts.jsx';
import { MODELS, fieldsOf } from './words/models.js';
import { createModel, formOf, presetForm } from './state/scenario.js';
import { evaluate } from './state/state.js';
import { scenarioLine } from './words/verdict.js';
import { decode, encode } from './state/url.js';

/** Where the page, tplayer.js and this file are. */
const BASE = new URL(/* @vite-ignore */ '.', import.meta.url).href;
const OWN = `:host{display:block;margin:16px 0;color:var(--fg);font:16px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;overflow-wrap:anywhere}:host([hidden]){display:none}*{box-sizing:border-box}h2{font-size:1.2rem;margin:0 0 8px}h3{font-size:1.05rem;margin:0 0 8px}a{color:var(--accent)}.muted,.hint{color:var(--muted);font-size:.875rem;margin:4px 0 0}.tp{background:var(--bg);border:1px solid var(--line);border-radius:12px;padding:12px}.tp>.card{margin:12px 0 0}.err{color:var(--bad);margin:0}.err button{min-height:44px;font:inherit}`;
const sheets = {}; // by scheme: result.css with its dark colours on ('all') or off ('not all')
const shown = new Set(); // the elements on the page
let system = null; // matchMedia of the system's dark scheme, once an element is on the page
let model = null;

/**
 * Whether `el` is dark: as the host's `color-scheme` (the element inherits it; else the page's
 * <meta name="color-scheme">) says when it names one of light and dark, else (both, or none) as
 * the system prefers. result.css's own switch, prefers-color-scheme, follows the system alone.
 */
function schemeOf(el) {
  let cs = getComputedStyle(el).colorScheme;
  if (cs === 'normal') cs = document.querySelector('meta[name=color-scheme]')?.content || '';
  const dark = /dark/.test(cs);
  return dark === /light/.test(cs) ? system.matches : dark;
}

/** Adopts the stylesheet of each element's scheme (a constructed one: a host's CSP style-src need not allow an inline <style>). */
function restyle() {
  for (const el of shown) {
    const dark = schemeOf(el);
    if (!sheets[dark]) {
      const sheet = (sheets[dark] = new CSSStyleSheet());
      sheet.replaceSync(css + OWN);
      for (const r of sheet.cssRules) if (r.media) r.media.mediaText = dark ? 'all' : 'not all';
    }
    if (el.shadowRoot.adoptedStyleSheets[0] !== sheets[dark])
      el.shadowRoot.adoptedStyleSheets = [sheets[dark]];
  }
}

const bad = (field, message) => ({ errors: [{ field, message }] });

/** The form the attributes describe (the first set of scenario, hash and preset), or {errors}. */
function formFor(api, el) {
  const json = el.getAttribute('scenario');
  const hash = el.getAttribute('hash');
  const preset = el.getAttribute('preset');
  let form;
  if (json !== null) {
    // The text goes to the core as the CLI reads a file (a member given twice is refused there,
    // where JSON.parse would keep the last); once the core has read it, JSON.parse reads the same.
    const o = api.check(json);
    if (o.errors) return o;
    form = formOf(model, model.catalog.presets[0].key, JSON.parse(json));
  } else if (hash !== null) {
    const d = decode(model, hash.replace(/^#/, ''));
    if (!d.form || d.ignored.length)
      return bad('hash', `not a link of this calculator: ${d.ignored.join('; ') || 'unreadable'}`);
    form = d.form;
  } else {
    const key = preset ?? model.catalog.presets[0].key;
    form = presetForm(model, key);
    if (!form)
      return bad(
        'preset',
        `"${key}" is not a scenario preset (${model.catalog.presets.map((p) => p.key).join(', ')})`,
      );
  }
  const which = el.getAttribute('model');
  if (which === null) return { form };
  const m = MODELS.find(({ key }) => key === which.trim().replace(/ /g, '_'));
  if (!m) return bad('model', `"${which}" is not "mlsysim" or "as it runs"`);
  return {
    form: { ...form, scenario: { ...form.scenario, ...fieldsOf(m.fields, form.scenario) } },
  };
}

function Result({ api, el }) {
  const f = formFor(api, el);
  const o = f.errors ? f : evaluate(api, model, f.form);
  if (o.errors)
    return (
      <div class="tp" role="alert">
        {o.errors.map((e) => (
          <p class="err" key={e.field + e.message}>
            <strong>{e.field}</strong>: {e.message}
          </p>
        ))}
      </div>
    );
  const hash = encode(model, f.form, (t) => api.readMeasured(t));
  return (
    <div class="tp">
      <p class="hint scenario-line">{scenarioLine(o)}</p>
      <Verdicts shown={o} />
      <CompareBars shown={o} />
      <p class="hint">
        <a href={`${BASE}#${hash}`} target="_blank" rel="noopener">
          Open in the full calculator ↗
        </a>
      </p>
    </div>
  );
}

class TpLayer extends HTMLElement {
  static observedAttributes = ['preset', 'scenario', 'hash', 'model'];

  connectedCallback() {
    if (!this.shadowRoot) this.attachShadow({ mode: 'open' });
    if (!system) {
      // A host switches its scheme on <html> or <body> (a class, an attribute, its style), or the system does.
      (system = matchMedia('(prefers-color-scheme: dark)')).addEventListener('change', restyle);
      const watch = new MutationObserver(restyle);
      for (const el of [document.documentElement, document.body])
        if (el) watch.observe(el, { attributes: true });
    }
    shown.add(this);
    restyle();
    this.draw();
  }

  disconnectedCallback() {
    shown.delete(this);
  }

  attributeChangedCallback() {
    if (this.shadowRoot) this.draw();
  }

  draw() {
    const root = this.shadowRoot;
    loadApi(BASE).then(
      (api) => {
        model ||= createModel(api.catalog());
        render(<Result api={api} el={this} />, root);
      },
      (e) => {
        render(
          <p class="err" role="alert">
            The calculator could not be loaded: {String(e?.message || e)}.{' '}
            <button type="button">Try again</button>
          </p>,
          root,
        );
        // dom.js draws no events: the one button is wired here. A new draw loads again.
        root.querySelector('.err button').onclick = () => this.draw();
      },
    );
    if (!root.firstChild) render(<p class="muted">Loading the calculator…</p>, root);
  }
}

if (!customElements.get('tp-layer')) customElements.define('tp-layer', TpLayer);
