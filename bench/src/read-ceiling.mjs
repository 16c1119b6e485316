// The ceiling the order reads are measured against (measure/order-growth.ts): a process of its own
// that answers each read with the body, ETag and type the shop sent for it, after the read's
// database work: the page's orders with their lines in one statement (orderPageStatement), named
// so that the server plans it once per connection as the shop's are, on a pool as large as the
// shop's. Bare Fastify: no plugins, no hooks, no logging, no session. It shares the machine, the
// database, the moment and the load generator with the shop, so the shop's p99 over its p99 says
// what the shop's own work adds to a read, whatever the speed of the machine and of its database
// that day.
// Plain JavaScript on purpose, as src/ceiling.mjs: it runs under node itself.
import { readFileSync } from 'node:fs';

import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
/** [{ body, etag: string | null, contentType, statement: { text, values } | null }], in the
 * reads' order. */
const reads = JSON.parse(readFileSync(String(process.env.CEILING_READS_FILE), 'utf8'));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// An idle connection the server drops must not end the process; the next query reports it.
pool.on('error', () => undefined);

const app = Fastify({ logger: false });
app.get('/ready', async () => {
  await pool.query('select 1');
  return 'ready';
});
reads.forEach((read, index) => {
  const body = Buffer.from(read.body);
  const statement = read.statement && { name: `read_${index}`, ...read.statement };
  app.get(`/reads/${index}`, async (_request, reply) => {
    if (statement) await pool.query(statement);
    if (read.etag) reply.header('etag', read.etag);
    return reply.type(read.contentType).send(body);
  });
});
await app.listen({ host, port });
process.once('SIGTERM', () => {
  app.close().then(
    () => pool.end().then(() => process.exit(0)),
    () => process.exit(1),
  );
});
