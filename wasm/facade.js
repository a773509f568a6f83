// The facade behind both entries (index.js, the public module; testing.js, the test build):
// loads the WebAssembly core and offers solve / check / sweep / catalog on plain objects. A
// scenario crosses into WebAssembly as JSON text written by `toJsonText` below; every type and
// range rule lives in the C++ core, so this file adds only the problems that JSON cannot carry
// (functions, cycles, getters that throw), stopped at the core's own limits. Types: tplayer.d.ts.
import createTplayerModule from '../build/wasm/tplayer_wasm.js';

export class ScenarioError extends Error {
  constructor(errors) {
    const list = Array.isArray(errors) ? errors : [];
    super(list.map((e) => `${e.field}: ${e.message}`).join('; ') || 'invalid scenario');
    this.errors = list;
  }
}
ScenarioError.prototype.name = 'ScenarioError';

// Unwinds the walker with the field where it stopped.
class Stop {
  constructor(message) {
    this.message = message;
  }
}

// An error as the core writes one: the path, and the same path as dotted text.
function fieldError(path, message) {
  let field = '';
  for (const key of path) {
    field += typeof key === 'number' ? `[${key}]` : field ? `.${key}` : key;
  }
  return { field: field || 'scenario', path: [...path], message };
}

function describeThrown(error) {
  try {
    const text = error instanceof Error ? error.message : String(error);
    return typeof text === 'string' ? text.slice(0, 200) : 'an exception';
  } catch {
    return 'an exception';
  }
}

// eslint-disable-next-line no-control-regex -- the test is for any byte outside ASCII
const NON_ASCII = /[^\x00-\x7f]/;

// UTF-8 bytes of a JSON string literal beyond its UTF-16 length (the core counts bytes).
function extraUtf8Bytes(text) {
  if (!NON_ASCII.test(text)) return 0;
  let extra = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x800)
      extra += c >= 0xd800 && c <= 0xdbff ? 1 : 2; // a pair is 4 bytes in all
    else if (c >= 0x80) extra += 1;
  }
  return extra;
}

// JSON text of a JS value, NaN and +-Infinity written as bare tokens (the core reads them
// and names the field). Returns { text } or { errors: [{ field, path, message }] }; never throws.
function toJsonText(root, { maxBytes, maxDepth }) {
  const path = [];
  const ancestors = [];
  let text = '';
  let bytes = 0;

  const emit = (piece) => {
    bytes += piece.length;
    if (bytes > maxBytes) throw new Stop(`the scenario is longer than ${maxBytes} bytes of JSON`);
    text += piece;
  };

  const read = (object, key) => {
    try {
      return object[key];
    } catch (error) {
      throw new Stop(`could not be read: ${describeThrown(error)}`);
    }
  };

  const walk = (value) => {
    switch (typeof value) {
      case 'number':
        if (Number.isFinite(value)) emit(Object.is(value, -0) ? '-0' : String(value));
        else emit(value > 0 ? 'Infinity' : value < 0 ? '-Infinity' : 'NaN');
        return;
      case 'string': {
        if (bytes + value.length > maxBytes) {
          throw new Stop(
            `a string of ${value.length} characters; the scenario is limited to ${maxBytes} bytes of JSON`,
          );
        }
        const quoted = JSON.stringify(value);
        bytes += extraUtf8Bytes(quoted);
        emit(quoted);
        return;
      }
      case 'boolean':
        emit(value ? 'true' : 'false');
        return;
      case 'object':
        if (value === null) {
          emit('null');
          return;
        }
        break;
      default:
        throw new Stop(
          `expected a JSON value (number, string, boolean, null, array or object), got ${typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`}`,
        );
    }
    if (ancestors.length >= maxDepth) throw new Stop(`nested deeper than ${maxDepth} levels`);
    if (ancestors.includes(value)) throw new Stop('refers back to itself (a cycle)');
    ancestors.push(value);
    let isArray;
    let keys;
    try {
      isArray = Array.isArray(value);
      keys = isArray ? null : Object.keys(value);
    } catch (error) {
      throw new Stop(`could not be read: ${describeThrown(error)}`);
    }
    if (isArray) {
      const length = read(value, 'length');
      emit('[');
      for (let i = 0; i < length; i++) {
        if (i) emit(',');
        path.push(i);
        const item = read(value, i);
        if (item === undefined) emit('null');
        else walk(item);
        path.pop();
      }
      emit(']');
    } else {
      emit('{');
      let first = true;
      for (const key of keys) {
        path.push(key);
        const item = read(value, key);
        if (item !== undefined) {
          emit(first ? '' : ',');
          first = false;
          emit(JSON.stringify(key));
          emit(':');
          walk(item);
        }
        path.pop();
      }
      emit('}');
    }
    ancestors.pop();
  };

  try {
    walk(root);
    return { text };
  } catch (error) {
    if (!(error instanceof Stop)) throw error; // a bug here, not in the input
    return { errors: [fieldError(path, error.message)] };
  }
}

// JSON text given by the caller, within the core's byte limit (counted in UTF-8 bytes, as the
// core counts; a text far above it is refused before its bytes are counted or copied).
function boundedText(text, { maxBytes }) {
  const bytes = text.length > maxBytes ? text.length : text.length + extraUtf8Bytes(text);
  if (bytes <= maxBytes) return { text };
  const size = text.length > maxBytes ? `at least ${bytes}` : `${bytes}`;
  return {
    errors: [
      fieldError([], `the scenario's JSON text is ${size} bytes; at most ${maxBytes} are read`),
    ],
  };
}

// Freezes a value and what it holds; what is frozen already is left as it is (a preset, whose
// result getter freezes what it makes).
function deepFreeze(value) {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze(value[key]);
    Object.freeze(value);
  }
  return value;
}

// The wasm's gzip-compressed bytes at `url` as a Response: fetched, or read from disk in Node
// (whose fetch takes no file: URLs; the import is hidden from bundlers, and browsers never run it).
async function fetchWasm(url) {
  if (url.protocol === 'file:') {
    const fs = 'node:fs/promises';
    return new Response(await (await import(/* @vite-ignore */ fs)).readFile(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

// Compiles the wasm while it arrives: gunzipped by DecompressionStream (unless the server already
// did, sending the .gz with Content-Encoding: gzip) into WebAssembly.instantiateStreaming.
async function instantiateGzipped(url, imports) {
  const response = await fetchWasm(url);
  const body = /gzip/.test(response.headers.get('content-encoding'))
    ? response.body
    : response.body.pipeThrough(new DecompressionStream('gzip'));
  const wasm = new Response(body, { headers: { 'content-type': 'application/wasm' } });
  return (await WebAssembly.instantiateStreaming(wasm, imports)).instance;
}

// One Emscripten module (its glue's factory) over its wasm: the bytes, or fetched from `where`.
const start = (factory, where, wasmBinary) =>
  new Promise((resolve, reject) => {
    factory({
      instantiateWasm(imports, receive) {
        (wasmBinary
          ? WebAssembly.instantiate(wasmBinary, imports).then((made) => made.instance)
          : instantiateGzipped(where, imports)
        ).then(receive, reject);
        return {};
      },
    }).then(resolve, reject);
  });

// Loads the module: the public API, and the wasm instance (for the test entry only). `url` is
// where the compressed wasm lies (beside the entry's own file), unless options give the bytes
// (`wasmBinary`) or another place (`wasmUrl`). The card's module (card_bindings.cpp) loads the
// first time card() is called: its glue from beside this file, its wasm from `cardWasmUrl`, else
// beside a given `wasmUrl`, else from `cardUrl` (beside the entry's own file).
export async function instantiate(url, options = {}, cardUrl = url) {
  const where = new URL(options.wasmUrl ?? url, url); // a relative wasmUrl: beside the module
  const wasm = await start(createTplayerModule, where, options.wasmBinary);
  const cardWhere = options.cardWasmUrl
    ? new URL(options.cardWasmUrl, url)
    : options.wasmUrl
      ? new URL('tplayer-card.wasm.gz', where)
      : cardUrl;
  let cardModule = null;
  const loadCard = () => {
    cardModule ??= import('../build/wasm/tplayer_card_wasm.js').then((glue) =>
      start(glue.default, cardWhere),
    );
    cardModule.catch(() => {
      cardModule = null; // let a later call try again
    });
    return cardModule;
  };
  // The catalogue in a task of its own after the module's start: two shorter tasks on a page's load.
  await new Promise((next) => setTimeout(next));
  const whole = wasm.catalog();
  // The core's own limits: the facade stops serialising where the core would refuse.
  const limits = {
    maxBytes: whole.limits.max_json_bytes,
    maxDepth: whole.limits.max_json_depth,
  };
  // A string is the scenario's JSON text, read by the core's own reader as the CLI reads a file
  // (a member given twice is refused there; JSON.parse would keep the last copy).
  const serialise = (value) =>
    typeof value === 'string' ? boundedText(value, limits) : toJsonText(value, limits);
  const run = (call, scenario) => {
    const json = serialise(scenario);
    return json.errors ?? call(json.text); // an outcome, or an array of errors
  };
  // A preset's result is solved when it is first read (its normalised scenario solves to what the
  // core's catalogue gives, bit for bit: tests/js/api.test.js): the load solves none.
  const catalog = deepFreeze({
    ...whole,
    presets: whole.presets.map((p) => {
      let result;
      const get = () => (result ??= deepFreeze(run(wasm.solve, p.scenario)));
      return Object.freeze(
        Object.defineProperty({ ...deepFreeze(p) }, 'result', { enumerable: true, get }),
      );
    }),
  });
  const Scenarios = Object.freeze(Object.fromEntries(catalog.presets.map((p) => [p.key, p])));

  const api = Object.freeze({
    solve(scenario) {
      const out = run(wasm.solve, scenario);
      if (Array.isArray(out)) throw new ScenarioError(out);
      return out;
    },
    check(scenario) {
      const out = run(wasm.check, scenario);
      return Array.isArray(out) ? { errors: out } : out;
    },
    sweep(scenario, field, values) {
      if (typeof field !== 'string') {
        throw new ScenarioError([
          fieldError(['sweep'], `expected the name of a field to sweep, got ${typeof field}`),
        ]);
      }
      const numbers = sweepValues(values, serialise, wasm);
      const json = serialise(scenario);
      if (json.errors) return numbers.list.map((value) => ({ value, errors: json.errors }));
      return wasm
        .sweep(json.text, field, numbers.text)
        .map((out, i) =>
          Array.isArray(out)
            ? { value: numbers.list[i], errors: out }
            : { value: numbers.list[i], result: out },
        );
    },
    readMeasured(text) {
      if (typeof text !== 'string') {
        throw new ScenarioError([
          fieldError(
            ['measured'],
            `expected the text nccl-tests printed, got ${text === null ? 'null' : typeof text}`,
          ),
        ]);
      }
      const bytes = text.length + extraUtf8Bytes(text); // UTF-8 bytes, as the core counts
      if (bytes > limits.maxBytes) {
        throw new ScenarioError([
          fieldError(['measured'], `a text of ${bytes} bytes; at most ${limits.maxBytes} are read`),
        ]);
      }
      return wasm.readMeasured(text);
    },
    // The verdict card as SVG text (a Promise: the card's module loads on the first call).
    async card(scenario, { title = '', permalink = '' } = {}) {
      for (const [name, value] of [
        ['title', title],
        ['permalink', permalink],
      ]) {
        if (typeof value !== 'string')
          throw new ScenarioError([fieldError([name], `expected text, got ${typeof value}`)]);
      }
      const json = serialise(scenario);
      if (json.errors) throw new ScenarioError(json.errors);
      const out = (await loadCard()).card(json.text, title, permalink);
      if (Array.isArray(out)) throw new ScenarioError(out);
      return out;
    },
    catalog: () => catalog,
    Scenarios,
    ScenarioError,
    version: wasm.version(),
  });
  return { api, wasm, serialise, sweepValues: (values) => sweepValues(values, serialise, wasm) };
}

function sweepValues(values, serialise, wasm) {
  if (!Array.isArray(values)) {
    throw new ScenarioError([fieldError(['values'], 'expected an array of numbers')]);
  }
  // The core's cap, before any value is looked at (500k values exhausted Node's heap).
  const capped = wasm.sweepValuesErrors(values.length);
  if (capped.length) throw new ScenarioError(capped);
  const list = Array.from(values);
  list.forEach((value, i) => {
    if (typeof value !== 'number') {
      throw new ScenarioError([
        fieldError(
          ['values', i],
          `expected a number, got ${value === null ? 'null' : typeof value}`,
        ),
      ]);
    }
  });
  const json = serialise(list);
  if (json.errors) throw new ScenarioError([fieldError(['values'], json.errors[0].message)]);
  return { list, text: json.text };
}
