// tplayer-mcp's stdio transport: newline-delimited JSON-RPC on stdin and stdout, as the SDK's
// StdioServerTransport, but a hostile line cannot close it. The SDK's reader joins every chunk to
// the whole buffer and searches it again from the start (quadratic: 9 MB took 7.9 s), and a line
// of 10 MiB or more makes it close the connection, and the server with it, without a word. Here
// each chunk is searched once; a line longer than MAX_REQUEST_BYTES is skipped to its end and
// answered with a JSON-RPC error (its id when one can be found at either end of the line); text
// that is not JSON-RPC, or names a member twice in one object, is answered with the JSON-RPC error
// for it; every one is told to onerror.
import process from 'node:process';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** The longest request line read (a scenario is at most 1 MiB: the core's own limit). */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** How much of each end of an overlong line is kept to find its id. */
const ENDS = 4096;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;

// An id as JSON-RPC writes it: a number or a short string (no escapes).
const ID = String.raw`"id"\s*:\s*(-?\d{1,16}|"[^"\\]{0,256}")`;
const ID_AT_END = new RegExp(`${ID}\\s*\\}\\s*$`);
const ID_AT_START = new RegExp(`^\\s*\\{\\s*(?:"jsonrpc"\\s*:\\s*"2\\.0"\\s*,\\s*)?${ID}`);

/** The id of a request known only by its two ends, else null. */
export function idOf(head, tail) {
  const found = ID_AT_END.exec(tail) ?? ID_AT_START.exec(head);
  return found ? JSON.parse(found[1]) : null;
}

/** The id of a message that parsed as JSON but is not JSON-RPC, else null. */
const idOfObject = (m) =>
  m && typeof m === 'object' && (typeof m.id === 'number' || typeof m.id === 'string')
    ? m.id
    : null;

// A JSON string token (the loop unrolled: linear, and no deep backtracking on a long string), or
// one of the punctuation marks; numbers and literals are passed over.
const TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|[{}[\],:]/g;

/**
 * The path of the first member named twice in one object (['params', 'arguments', 'scenario',
 * 'tp_size']), else null. `text` is JSON that JSON.parse read: it keeps the last copy, where the
 * core (and so the CLI) refuses a repeated field, so a request must not reach the tools with one.
 */
export function repeatedMember(text) {
  const open = []; // per container: { names: Set, key } for an object, { index } for an array
  let naming = false; // the next string in the innermost object is a member's name
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) {
    const token = m[0];
    const top = open[open.length - 1];
    if (token === '{') {
      open.push({ names: new Set(), key: null });
      naming = true;
    } else if (token === '[') {
      open.push({ index: 0 });
      naming = false;
    } else if (token === '}' || token === ']') {
      open.pop();
    } else if (token === ',') {
      if (top.names) naming = true;
      else top.index += 1;
    } else if (token === ':') {
      naming = false;
    } else if (naming && top?.names) {
      const name = JSON.parse(token);
      top.key = name;
      if (top.names.has(name)) return open.map((c) => (c.names ? c.key : c.index));
      top.names.add(name);
    }
  }
  return null;
}

// A path spelt out: keys joined by ".", an index as "[i]" (as the core spells a field).
const dotted = (path) =>
  path.reduce((out, k) => (typeof k === 'number' ? `${out}[${k}]` : out ? `${out}.${k}` : k), '');

/**
 * Splits a byte stream into lines, each at most `max` bytes: `line(text)` for each, `overlong(head,
 * tail, bytes)` for each longer one (its first and last ENDS bytes, as text, and its length).
 * Each byte is looked at once.
 */
export class LineReader {
  constructor({ max = MAX_REQUEST_BYTES, line, overlong }) {
    Object.assign(this, { max, line, overlong });
    this.clear();
  }

  clear() {
    this.chunks = [];
    this.bytes = 0;
    this.head = null; // the first ENDS bytes of a line being skipped; null when none is
    this.tail = Buffer.alloc(0);
  }

  append(chunk) {
    let from = 0;
    for (;;) {
      const end = chunk.indexOf(10, from);
      const part = chunk.subarray(from, end === -1 ? chunk.length : end);
      this.take(part);
      if (end === -1) return;
      this.finish();
      from = end + 1;
    }
  }

  take(part) {
    this.bytes += part.length;
    if (this.head === null && this.bytes <= this.max) {
      if (part.length) this.chunks.push(part);
      return;
    }
    if (this.head === null) {
      const kept = Buffer.concat([...this.chunks, part]);
      this.head = kept.subarray(0, ENDS).toString('utf8');
      this.tail = Buffer.from(kept.subarray(-ENDS));
      this.chunks = [];
      return;
    }
    this.tail = Buffer.concat([this.tail, part.subarray(-ENDS)]).subarray(-ENDS);
  }

  finish() {
    const { head, tail, bytes, chunks } = this;
    this.clear();
    if (head !== null) return this.overlong(head, tail.toString('utf8'), bytes);
    const text = Buffer.concat(chunks).toString('utf8').replace(/\r$/, '');
    if (text.trim()) this.line(text);
  }
}

/** An MCP transport (the SDK's Transport interface) over a readable and a writable stream. */
export class LineTransport {
  constructor(input = process.stdin, output = process.stdout, { max = MAX_REQUEST_BYTES } = {}) {
    this.input = input;
    this.output = output;
    this.reader = new LineReader({
      max,
      line: (text) => this.receive(text),
      overlong: (head, tail, bytes) =>
        this.refuse(
          idOf(head, tail),
          INVALID_REQUEST,
          `a request of ${bytes} bytes; at most ${max} are read (a scenario takes at most 1 MiB)`,
        ),
    });
    this.ondata = (chunk) => this.reader.append(chunk);
    this.onstreamerror = (error) => this.onerror?.(error);
  }

  async start() {
    this.input.on('data', this.ondata);
    this.input.on('error', this.onstreamerror);
  }

  receive(text) {
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return this.refuse(null, PARSE_ERROR, `the line is not JSON: ${error.message}`);
    }
    const repeated = repeatedMember(text);
    if (repeated) {
      return this.refuse(
        idOfObject(parsed),
        repeated[0] === 'params' ? INVALID_PARAMS : INVALID_REQUEST,
        `${dotted(repeated)}: given twice; give each member once (JSON readers disagree on which copy counts)`,
      );
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success)
      return this.refuse(
        idOfObject(parsed),
        INVALID_REQUEST,
        'the line is JSON but not a JSON-RPC 2.0 request, notification or response',
      );
    this.onmessage?.(message.data);
  }

  /** Answers what could not be read with a JSON-RPC error, and tells onerror. */
  refuse(id, code, message) {
    this.onerror?.(new Error(message));
    return this.send({ jsonrpc: '2.0', id, error: { code, message } });
  }

  send(message) {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close() {
    this.input.off('data', this.ondata);
    this.input.off('error', this.onstreamerror);
    this.input.pause();
    this.reader.clear();
    this.onclose?.();
  }
}
