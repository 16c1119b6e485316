import { createHash, timingSafeEqual } from 'node:crypto';

import { count, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

import { orders, outbox } from '../db/schema';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /api/metrics in Prometheus' text format, for the operator's scraper: requests and latency
 * per route, orders by state and payments received, and the process's own figures. Off unless
 * METRICS_TOKEN is set (app.ts loads it only then); the scraper sends it as a bearer token.
 */
export const metricsPlugin = fp(
  async (
    app: FastifyInstance,
    {
      token,
      lastGoodBackup,
    }: {
      token: string;
      /** When the last good scheduled backup finished (the backup module keeps its runs). */
      lastGoodBackup: () => Promise<Date | null>;
    },
  ) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry, prefix: 'apex_' });

    const requests = new Histogram({
      name: 'apex_http_request_duration_seconds',
      help: 'Requests by route pattern and status, with their latency',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route's pattern, never the raw URL: ids and typos must not multiply the series.
      requests.observe(
        {
          method: request.method,
          route: request.routeOptions.url ?? 'unmatched',
          status_code: reply.statusCode,
        },
        reply.elapsedTime / 1000,
      );
    });

    // Orders are counted in the database at scrape time, so every server process reports the same.
    const db = app.database.db;
    new Gauge({
      name: 'apex_orders',
      help: 'Orders by state: unpaid, paid (awaiting shipping), shipped or cancelled',
      labelNames: ['status'],
      registers: [registry],
      async collect() {
        const rows = await db
          .select({ status: orders.status, n: count() })
          .from(orders)
          .groupBy(orders.status);
        this.reset();
        for (const status of ['unpaid', 'paid', 'shipped', 'cancelled'] as const) {
          this.set({ status }, rows.find((row) => row.status === status)?.n ?? 0);
        }
      },
    });
    new Gauge({
      name: 'apex_payments_received_dollars',
      help: 'The total of every order paid with real money, in dollars (test payments left out)',
      registers: [registry],
      async collect() {
        const [row] = await db
          .select({ cents: sum(orders.totalCents).mapWith(Number) })
          .from(orders)
          .where(sql`${orders.status} in ('paid', 'shipped') and not ${orders.testPayment}`);
        this.set((row?.cents ?? 0) / 100);
      },
    });

    new Gauge({
      name: 'apex_mail_waiting',
      help: 'Mail waiting for the mail server (the outbox rows not yet sent or given up)',
      registers: [registry],
      async collect() {
        const [row] = await db
          .select({ n: count() })
          .from(outbox)
          .where(sql`${outbox.state} = 'pending'`);
        this.set(row?.n ?? 0);
      },
    });

    new Gauge({
      name: 'apex_backup_last_success_age_seconds',
      help: 'Seconds since the last good scheduled backup finished, whichever instance took it',
      registers: [registry],
      async collect() {
        const at = await lastGoodBackup();
        // Never backed up is infinitely old: an alert on the age fires for it too.
        this.set(at ? (Date.now() - at.getTime()) / 1000 : Infinity);
      },
    });

    const expected = digest(token);
    app.get(
      '/api/metrics',
      { schema: { hide: true }, logLevel: 'warn' },
      async (request, reply) => {
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
        // Compared as digests, in constant time: the answer's timing says nothing of the token.
        if (!timingSafeEqual(digest(given), expected)) {
          throw app.httpErrors.unauthorized('Send the metrics token as a bearer token');
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      },
    );
  },
  { name: 'metrics' },
);
