// tplayer-mcp (mcp/bin.js over dist/tplayer.js) as a process on stdio, written to line by line:
// what cannot be read (a request above MAX_REQUEST_BYTES, text that is not JSON, JSON that is not
// JSON-RPC) is answered with a JSON-RPC error and logged on stderr, and the next request is
// answered as before. The SDK's own stdio transport closed the server on a line of 10 MiB and
// answered nothing else. Also the reader alone: linear in the length of a line.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { idOf, LineReader, MAX_REQUEST_BYTES, repeatedMember } from '../../mcp/stdio.js';

const bin = fileURLToPath(new URL('../../mcp/bin.js', import.meta.url));

let child;
let stderr = '';
const watchers = new Set(); // () => boolean: each called as stderr grows, dropped when it is true
const waiting = new Map(); // id -> resolve
const unanswered = []; // answers with an id no test waits for (null)
let rest = '';

beforeAll(async () => {
  child = spawn(process.execPath, [bin], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr.on('data', (d) => {
    stderr += d;
    for (const done of watchers) if (done()) watchers.delete(done);
  });
  child.stdout.on('data', (d) => {
    const lines = (rest + d).split('\n');
    rest = lines.pop();
    for (const line of lines) {
      const message = JSON.parse(line);
      const resolve = waiting.get(message.id);
      if (resolve) {
        waiting.delete(message.id);
        resolve(message);
      } else unanswered.push(message);
    }
  });
  await request(0, 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'tests', version: '0' },
  });
  child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
});
afterAll(() => child?.kill());

/**
 * Waits until stderr matches `pattern` (a string it contains, or a RegExp), and returns stderr.
 * The log and the answer travel on two pipes: the answer may arrive first.
 */
function logged(pattern) {
  const matches = () =>
    typeof pattern === 'string' ? stderr.includes(pattern) : pattern.test(stderr);
  return new Promise((resolve) => {
    const done = () => matches() && (resolve(stderr), true);
    if (!done()) watchers.add(done);
  });
}

/** Writes `text` (a line without its newline) and waits for the answer with `id`. */
function send(id, text) {
  const answered = new Promise((resolve) => waiting.set(id, resolve));
  child.stdin.write(`${text}\n`);
  return answered;
}
const request = (id, method, params) =>
  send(id, JSON.stringify({ jsonrpc: '2.0', id, method, params }));
const solve = (id) =>
  request(id, 'tools/call', {
    name: 'solve',
    arguments: { scenario: 'Gpt3TensorParallelLayerTp8' },
  });

describe('tplayer-mcp on stdio', () => {
  test('a request above MAX_REQUEST_BYTES gets a JSON-RPC error with its id, then a call answers', async () => {
    // As the SDK's client writes a request: the id last.
    const huge = 'x'.repeat(12 * 1024 * 1024);
    const line = JSON.stringify({
      method: 'tools/call',
      params: { name: 'solve', arguments: { scenario: huge } },
      jsonrpc: '2.0',
      id: 7,
    });
    const refused = await send(7, line);
    expect(refused.error.code).toBe(-32600);
    expect(refused.error.message).toBe(
      `a request of ${line.length} bytes; at most ${MAX_REQUEST_BYTES} are read (a scenario takes at most 1 MiB)`,
    );
    const answer = await solve(8);
    expect(answer.result.isError).toBeFalsy();
    expect(answer.result.content[0].text).toContain(
      'The binding link (the slowest exchange) is infiniband_ndr',
    );
    await logged(`tplayer-mcp: a request of ${line.length} bytes`);
  }, 30000);

  test('a line that is not JSON, or JSON that is not JSON-RPC, is answered and logged', async () => {
    const parse = await send(null, '{"jsonrpc": "2.0", "id": \x1b]52;c;aGk=\x07');
    expect(parse.error.code).toBe(-32700);
    expect(await logged(/tplayer-mcp: the line is not JSON/)).not.toContain('\x1b'); // the line's escapes are blanked in the log
    const invalid = await send(9, '{"jsonrpc":"2.0","id":9,"method":42}');
    expect(invalid.error.code).toBe(-32600);
    expect((await solve(10)).result.isError).toBeFalsy();
  });

  test('a member named twice is refused as the CLI refuses it, not read as its last copy', async () => {
    // JSON.parse keeps tp_size 2; the core (and the CLI, reading the same text) refuses the repeat.
    const line =
      '{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"solve","arguments":' +
      '{"scenario":{"preset":"Gpt3TensorParallelLayerTp8","tp_size":4,"tp_size":2}}}}';
    const refused = await send(11, line);
    expect(refused.error.code).toBe(-32602);
    expect(refused.error.message).toBe(
      'params.arguments.scenario.tp_size: given twice; give each member once (JSON readers disagree on which copy counts)',
    );
    await logged('tplayer-mcp: params.arguments.scenario.tp_size: given twice');
    const envelope = await send(12, '{"jsonrpc":"2.0","id":12,"id":12,"method":"ping"}');
    expect(envelope.error.code).toBe(-32600);
    expect((await solve(13)).result.isError).toBeFalsy();
  });
});

describe('repeatedMember', () => {
  test('names the first member given twice in one object, by its path', () => {
    expect(repeatedMember('{"a":1,"b":{"c":[1,{"d":2,"d":3}]}}')).toEqual(['b', 'c', 1, 'd']);
    expect(repeatedMember('{"a":{"x":1},"b":{"x":1},"c":[{"x":1},{"x":2}]}')).toBe(null);
    // Names are compared as JSON.parse reads them: an escape is the same name.
    expect(repeatedMember('{"tp":1,"\\u0074p":2}')).toEqual(['tp']);
    // A value that looks like a name, braces and quotes inside strings, and commas in arrays.
    expect(repeatedMember('{"a":"a","b":"{\\"a\\":1,","c":["a","a"]}')).toBe(null);
    expect(repeatedMember('[{"k":1},{"k":1,"k":1}]')).toEqual([1, 'k']);
    expect(repeatedMember('"x"')).toBe(null);
  });

  test('reads a long string without deep backtracking', () => {
    const text = JSON.stringify({ a: 'x\\"'.repeat(500_000), b: 1 }).replace('"b"', '"a"');
    expect(repeatedMember(text)).toEqual(['a']);
  });
});

describe('the line reader', () => {
  test('finds the id of an overlong request at either end', () => {
    expect(idOf('{"method":"x","params":{', '"a"}},"jsonrpc":"2.0","id":12}')).toBe(12);
    expect(idOf('{"jsonrpc":"2.0","id":"abc","method":"x"', 'xx"}}')).toBe('abc');
    expect(idOf('{"method":"x","params":{"id":3', 'xxxx')).toBe(null);
  });

  test('reads a line cut into many chunks and skips an overlong one', () => {
    const lines = [];
    const overlong = [];
    const reader = new LineReader({
      max: 16 * 1024 * 1024,
      line: (t) => lines.push(t.length),
      overlong: (head, tail, bytes) => overlong.push(bytes),
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (let i = 0; i < 144; i++) reader.append(chunk); // 9 MiB, as a pipe delivers it
    reader.append(Buffer.from('\n'));
    // (The SDK's reader took 7.9 s here, each chunk joined to the whole buffer and searched again;
    // this one ~10 ms. Timed by no test: a test never fails on a timing.)
    expect(lines).toEqual([144 * 64 * 1024]);
    for (let i = 0; i < 300; i++) reader.append(chunk); // 19 MiB: past the limit
    reader.append(Buffer.from('\n{"a":1}\n'));
    expect(overlong).toEqual([300 * 64 * 1024]);
    expect(lines).toEqual([144 * 64 * 1024, 7]);
  });
});
