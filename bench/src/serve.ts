// The production server (the built bundle) plus one bench-only route: GET /api/bench/ceiling
// answers the exact bytes of GET /api/parts from memory, the most any route could do on this stack.
import type { buildApp as BuildApp } from '../../apps/server/src/app';
import type { loadConfig as LoadConfig } from '../../apps/server/src/config';

const dist = new URL('../../apps/server/dist/', import.meta.url);
const { buildApp } = (await import(new URL('app.js', dist).href)) as { buildApp: typeof BuildApp };
const { loadConfig } = (await import(new URL('config.js', dist).href)) as {
  loadConfig: typeof LoadConfig;
};

const config = loadConfig();
const app = await buildApp(config);
let ceiling: { body: string; etag: string } | null = null;
app.get('/api/bench/ceiling', async (_request, reply) => {
  if (!ceiling) throw new Error('not ready');
  return reply
    .header('etag', ceiling.etag)
    .header('cache-control', 'no-cache')
    .type('application/json; charset=utf-8')
    .send(ceiling.body);
});
await app.listen({ host: '127.0.0.1', port: config.port });
const parts = await app.inject({ method: 'GET', url: '/api/parts' });
ceiling = { body: parts.body, etag: String(parts.headers.etag) };
process.stdout.write(`ready ${config.port}\n`);
