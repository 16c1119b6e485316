// `npm run bench`: starts the production server on a fresh embedded database and prints, from one
// run, the catalogue's throughput against the ceiling route and the home page's first-load weight.
// `npm run bench -- --check` exits non-zero when a floor is missed.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const check = process.argv.includes('--check');
const PORT = 4390;
const DURATION_S = 10;
const CONNECTIONS = 10;

const floors = { catalogToCeiling: 0.5, firstLoadJsKb: 120 };

async function startServer() {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'bench/src/serve.ts')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'apex-bench-')),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return child;
}

async function load(url: string) {
  // A short warm-up lets the JIT settle before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function firstLoad() {
  const dist = path.join(root, 'apps/web/dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const refs = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1] ?? '');
  const js = [
    ...refs(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...refs(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g),
  ];
  const css = refs(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g);
  const sum = (files: string[]) => files.reduce((total, f) => total + gz(f), 0);
  return { jsBytes: sum(js), cssBytes: sum(css), files: [...js, ...css] };
}

const server = await startServer();
try {
  const base = `http://127.0.0.1:${PORT}`;
  const catalog = await load(`${base}/api/parts`);
  const ceiling = await load(`${base}/api/bench/ceiling`);
  const ratio = catalog.rps / ceiling.rps;
  const weight = firstLoad();
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);

  console.log(`\nApex Parts benchmark (${CONNECTIONS} connections, ${DURATION_S} s per route)\n`);
  console.table({
    'GET /api/parts': {
      'req/s': Math.round(catalog.rps),
      'p50 ms': catalog.p50,
      'p99 ms': catalog.p99,
      errors: catalog.errors,
    },
    'ceiling (same bytes from memory)': {
      'req/s': Math.round(ceiling.rps),
      'p50 ms': ceiling.p50,
      'p99 ms': ceiling.p99,
      errors: ceiling.errors,
    },
  });
  console.log(`catalog / ceiling: ${ratio.toFixed(2)} (floor ${floors.catalogToCeiling})`);
  console.log(
    `home page first load: JavaScript ${kb(weight.jsBytes)} KB gzip (floor ${floors.firstLoadJsKb} KB), CSS ${kb(weight.cssBytes)} KB gzip`,
  );
  console.log(`  files: ${weight.files.join(', ')}`);

  const missed = [
    ratio < floors.catalogToCeiling && 'catalog below half of the ceiling',
    weight.jsBytes / 1024 > floors.firstLoadJsKb && 'first-load JavaScript over budget',
    catalog.errors + ceiling.errors > 0 && 'errors under load',
  ].filter(Boolean);
  if (missed.length > 0) {
    console.log(`\nMissed: ${missed.join('; ')}`);
    if (check) process.exitCode = 1;
  }
} finally {
  server.kill('SIGTERM');
}
