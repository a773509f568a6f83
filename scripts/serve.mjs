#!/usr/bin/env node
// Serves dist/ on 127.0.0.1 with the page's Content-Security-Policy header. No dependencies.
//   node scripts/serve.mjs [dir]      PORT=8080 (default: the first free port from 8080; 0 = any)
// Prints "tplayer is running at http://127.0.0.1:PORT/". Static files only: correct MIME types,
// no directory traversal, gzip when the client asks, hashed assets cached for a year.
import { createReadStream, promises as fs } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

// The policy of everything but a page: a page is sent with its own (below).
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  'frame-ancestors *',
].join('; ');

/**
 * A page's policy: the one its <meta> states (the build writes it, with the hashes of the page's
 * inline style and script), and frame-ancestors, which only a header can carry.
 */
async function pagePolicy(file) {
  const html = await fs.readFile(file, 'utf8');
  const meta = html.match(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/);
  return meta ? `${meta[1]}; frame-ancestors *` : CSP;
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.gz': 'application/gzip', // tplayer.wasm.gz: sent as it is (already compressed, no Content-Encoding)
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ts': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.map',
  '.ts',
  '.wasm',
]);

function send(res, status, text) {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Security-Policy': CSP,
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

/** The file a URL path names inside root, or null (outside root, malformed, or a NUL byte). */
function resolve(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const file = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  return file === root || file.startsWith(root + path.sep) ? file : null;
}

export function createServer(root) {
  const base = path.resolve(root);
  const gzipped = new Map(); // path -> { mtime, body }
  return http.createServer(async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, 'Method not allowed\n');
    let file = resolve(base, req.url || '/');
    if (!file) return send(res, 400, 'Bad request\n');
    let stat;
    try {
      stat = await fs.stat(file);
      if (stat.isDirectory()) {
        if (!req.url.split('?')[0].endsWith('/')) {
          res.writeHead(301, {
            Location: `${req.url.split('?')[0]}/${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`,
          });
          return res.end();
        }
        file = path.join(file, 'index.html');
        stat = await fs.stat(file);
      }
    } catch {
      return send(res, 404, 'Not found\n');
    }
    const ext = path.extname(file).toLowerCase();
    const headers = {
      'Content-Type': TYPES[ext] || 'application/octet-stream',
      'Content-Security-Policy': ext === '.html' ? await pagePolicy(file) : CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      // Other sites may import the module and <tp-layer> (element.js) from here.
      'Access-Control-Allow-Origin': '*',
      'Cache-Control': file.includes(`${path.sep}assets${path.sep}`)
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
      'Last-Modified': stat.mtime.toUTCString(),
      Vary: 'Accept-Encoding',
    };
    if (
      req.headers['if-modified-since'] &&
      new Date(req.headers['if-modified-since']) >= new Date(stat.mtime.toUTCString())
    ) {
      res.writeHead(304, headers);
      return res.end();
    }
    if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
      let hit = gzipped.get(file);
      if (!hit || hit.mtime !== stat.mtimeMs) {
        hit = { mtime: stat.mtimeMs, body: zlib.gzipSync(await fs.readFile(file), { level: 9 }) };
        gzipped.set(file, hit);
      }
      res.writeHead(200, {
        ...headers,
        'Content-Encoding': 'gzip',
        'Content-Length': hit.body.length,
      });
      return res.end(req.method === 'HEAD' ? undefined : hit.body);
    }
    res.writeHead(200, { ...headers, 'Content-Length': stat.size });
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  });
}

/** Listens on 127.0.0.1: `port`, or (when `scan`) the first free port from it. Resolves to the port. */
export function listen(server, port, scan) {
  return new Promise((resolvePort, reject) => {
    const attempt = (p) => {
      const onError = (e) => {
        server.off('listening', onListening);
        if (scan && e.code === 'EADDRINUSE' && p < 65535) attempt(p + 1);
        else reject(e);
      };
      const onListening = () => {
        server.off('error', onError);
        resolvePort(server.address().port);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(p, '127.0.0.1');
    };
    attempt(port);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] || fileURLToPath(new URL('../dist/', import.meta.url));
  try {
    await fs.access(path.join(root, 'index.html'));
  } catch {
    console.error(`serve: ${path.join(root, 'index.html')} is missing; run npm run build first`);
    process.exit(1);
  }
  const fixed = process.env.PORT !== undefined && process.env.PORT !== '';
  const port = await listen(createServer(root), fixed ? Number(process.env.PORT) : 8080, !fixed);
  console.log(`tplayer is running at http://127.0.0.1:${port}/`);
}
