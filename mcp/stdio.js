// tplayer-mcp's stdio transport: newline-delimited JSON-RPC on stdin and stdout, as the SDK's
// StdioServerTransport, but a hostile line cannot close it. The SDK's reader joins every chunk to
// the whole buffer and searches it again from the start (quadratic: 9 MB took 7.9 s), and a line
// of 10 MiB or more makes it close the connection, and the server with it, without a word. Here
// each chunk is searched once; a line longer than MAX_REQUEST_BYTES is skipped to its end and
// answered with a JSON-RPC error (its id when one can be found at either end of the line); text
// that is not JSON-RPC is answered with the JSON-RPC error for it; every one is told to onerror.
import process from 'node:process';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** The longest request line read (a scenario is at most 1 MiB: the core's own limit). */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** How much of each end of an overlong line is kept to find its id. */
const ENDS = 4096;

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

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
