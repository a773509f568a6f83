// Bundles the MCP server (mcp/bin.js with the SDK it is built on) into one file for the npm
// package, build/npm/mcp/tplayer-mcp.js, so that the package keeps no dependencies: the SDK's
// server (with mcp/stdio.js, our own stdio transport) is all it takes, without the HTTP
// transports the SDK also carries. The module (tplayer.js) stays outside: bin.js imports the one beside it at run time. Run by
// scripts/npm/pack.mjs.
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    outDir: 'build/npm/mcp',
    emptyOutDir: true,
    target: 'node18',
    minify: true,
    reportCompressedSize: false,
    rollupOptions: {
      input: { 'tplayer-mcp': 'mcp/bin.js' },
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
  ssr: { noExternal: true },
});
