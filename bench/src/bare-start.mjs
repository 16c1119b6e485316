// The least a start of the shop can take: a process of its own that opens the same embedded
// database, in the same data directory with the same settings, and then answers GET /api/ready
// with bare node:http. The shop's cold start is judged against it, measured in the same run, so
// the budget says what the shop adds to opening its database whatever the machine's speed.
// Plain JavaScript on purpose: it runs under node itself, with nothing loaded it does not need.
import http from 'node:http';
import { setFlagsFromString } from 'node:v8';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

// The shop's own settings for the embedded database (apps/server/src/db/client.ts).
setFlagsFromString('--wasm-tiering-budget=180000000');
const db = await PGlite.create(String(process.env.DATA_DIR), {
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  extensions: { pg_trgm },
});
await db.query('select 1');

const server = http.createServer((request, response) => {
  response.writeHead(request.url === '/api/ready' ? 200 : 404).end();
});
server.listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  db.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
