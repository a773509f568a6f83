#!/usr/bin/env node
// tplayer-mcp: the MCP server on stdio. In the npm package (where this file is bundled with the SDK
// as tplayer-mcp.js) the module and the validation data sit beside it; in the repository, after npm run
// build, in dist/. --module PATH and --validation PATH choose others.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer } from './server.js';
import { LineTransport } from './stdio.js';

const usage = 'usage: tplayer-mcp [--module PATH/tplayer.js] [--validation PATH/validation.json]';
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const options = { module: null, validation: null };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i += 2) {
  const name = args[i].replace(/^--/, '');
  if (!Object.hasOwn(options, name) || args[i + 1] === undefined) fail(usage);
  options[name] = args[i + 1];
}

function fail(message) {
  process.stderr.write(`tplayer-mcp: ${message}\n`);
  process.exit(2);
}

/** The given path, else the first of the defaults that exists. */
function locate(given, defaults, what) {
  if (given) {
    if (!existsSync(given)) fail(`${what} ${given}: no such file`);
    return given;
  }
  const found = defaults.map(here).find(existsSync);
  if (!found)
    fail(`${what} not found beside the server (${defaults.join(', ')}): give --${what} PATH`);
  return found;
}

const modulePath = locate(options.module, ['./tplayer.js', '../dist/tplayer.js'], 'module');
const validationPath =
  options.validation || ['./validation.json', '../dist/validation.json'].map(here).find(existsSync);
const { load } = await import(pathToFileURL(modulePath).href);
const tp = await load();
const validation = validationPath ? JSON.parse(readFileSync(validationPath, 'utf8')) : null;
const server = createServer(tp, { validation });
// What could not be read or answered, on stderr (stdout is the protocol's), control characters
// blanked: a request's text may be quoted in it.
server.onerror = (error) =>
  process.stderr.write(
    `tplayer-mcp: ${String(error?.message ?? error).replace(/\p{Cc}/gu, ' ')}\n`,
  );
await server.connect(new LineTransport());
