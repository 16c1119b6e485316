// The ceiling the shop is measured against: a process of its own that does nothing but answer
// GET /api/parts with the bytes the shop sends for it (body, ETag, content type), read from
// CEILING_BODY_FILE. `fastify` (the default) is bare Fastify: no plugins, no hooks, no logging,
// the most any route of the shop's stack could do; `http` is bare node:http, the most Node could.
// It shares the machine, the moment and the load generator with the shop, so the ratio of the two
// says what the shop's own work costs whatever the machine's speed that day.
// Plain JavaScript on purpose: it runs under node itself, with nothing loaded it does not need.
import { readFileSync } from 'node:fs';
import http from 'node:http';

import Fastify from 'fastify';

const kind = process.argv[2] ?? 'fastify';
const port = Number(process.env.PORT);
const host = process.env.HOST ?? '127.0.0.1';
const body = readFileSync(String(process.env.CEILING_BODY_FILE));
const etag = String(process.env.CEILING_ETAG);
const type = 'application/json; charset=utf-8';

if (kind === 'http') {
  const server = http.createServer((request, response) => {
    if (request.url !== '/api/parts') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': type, etag, 'cache-control': 'no-cache' });
    response.end(body);
  });
  server.listen(port, host);
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  const app = Fastify({ logger: false });
  app.get('/api/parts', (_request, reply) => {
    reply.header('etag', etag).header('cache-control', 'no-cache').type(type).send(body);
  });
  await app.listen({ host, port });
  process.once('SIGTERM', () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
