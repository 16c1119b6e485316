// Bundles the server's own code (and the shared contract) into dist/; packages from npm stay
// external and load from node_modules, so native and WASM assets (PGlite) keep their paths.
import { build } from 'esbuild';

await build({
  // app.js and config.js are entries too, so tools (the benchmark) can build the app themselves.
  entryPoints: ['src/server.ts', 'src/app.ts', 'src/config.ts', 'src/admin-cli.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  packages: 'external',
  // The contract is TypeScript inside the workspace: bundle it rather than load it at run time.
  alias: { '@apex/contract': '../../packages/contract/src/index.ts' },
  logLevel: 'warning',
});
