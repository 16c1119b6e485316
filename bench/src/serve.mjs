// The production server (the built bundle) plus a bench-only route: GET /api/bench/kept-memory
// reports the process's memory after a full garbage collection.
// Plain JavaScript on purpose: it runs under node itself, with no TypeScript loader in the process
// whose memory the benchmark reads.
const dist = new URL('../../apps/server/dist/', import.meta.url);
/** @type {{ buildApp: typeof import('../../apps/server/src/app').buildApp }} */
const { buildApp } = await import(new URL('app.js', dist).href);
/** @type {{ loadConfig: typeof import('../../apps/server/src/config').loadConfig }} */
const { loadConfig } = await import(new URL('config.js', dist).href);

const config = loadConfig();
const app = await buildApp(config);
// Collects all garbage first (the benchmark runs this process with --expose-gc), then reports
// memory: what the shop keeps, apart from garbage V8 has not yet got round to collecting. Memory
// outside the heap behind a collected object (a compression stream's, say) is released by a
// callback after the collection: read at once, the last responses' streams still counted
// (decision 023). A pause and a second collection leave only what the shop still uses.
app.get('/api/bench/kept-memory', async (_request, reply) => {
  const { gc } = globalThis;
  if (typeof gc !== 'function') return reply.code(501).send({ message: 'no --expose-gc' });
  gc();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external };
});

// Stops the way the real server does: requests in flight finish and PGlite closes its files.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.listen({ host: config.host, port: config.port });
