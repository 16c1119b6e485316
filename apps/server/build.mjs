// Bundles the server, the shared contract and the npm packages the server loads on every start
// into dist/. Node resolves and reads a handful of files instead of hundreds of modules, which was
// most of a cold start (docs/performance.md).
import { rmSync } from 'node:fs';

import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });

await build({
  // app.js and config.js are entries too, so tools (the benchmark) can build the app themselves.
  entryPoints: [
    'src/server.ts',
    'src/app.ts',
    'src/config.ts',
    'src/admin-cli.ts',
    'src/backup-cli.ts',
  ],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  external: [
    // These find files beside themselves at run time (PGlite its WebAssembly and data files,
    // Swagger UI its pages), so they load from node_modules.
    '@electric-sql/pglite',
    '@electric-sql/pglite-tools',
    '@fastify/swagger-ui',
    // Loaded only when configured (PostgreSQL, Redis, Stripe, metrics), so they cost a default
    // start nothing; pg-native is pg's optional native driver, which the shop does not use.
    'pg',
    'pg-native',
    'ioredis',
    'stripe',
    'prom-client',
  ],
  // Bundled CommonJS packages require Node's built-in modules; an ES module has no `require` of
  // its own, so each output file gets one.
  banner: {
    js: "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);",
  },
  // The contract is TypeScript inside the workspace: bundle it rather than load it at run time.
  alias: { '@apex/contract': '../../packages/contract/src/index.ts' },
  logLevel: 'warning',
});
