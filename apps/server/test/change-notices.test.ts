import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { setTimeout } from 'node:timers/promises';

import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Overview } from '@apex/contract';

import { buildApp } from '../src/app';
import { LISTENER_APPLICATION_NAME, listenForChanges } from '../src/db/change-notices';
import { orders, parts, users } from '../src/db/schema';
import { WATCHED_TABLES } from '../src/lib/json-cache';
import { type Caller, signUp, signUpAdmin } from './accounts-helpers';
import { noticesHeard } from './change-notices-helpers';
import { makeOrder, makePart, makeReview } from './factories';
import { createTestDatabase, testConfig, useTestApp } from './test-app';

describe('change notices', () => {
  const t = useTestApp();

  it('every table a cache may be read from tells every instance of its writes', async () => {
    // Both drivers answer `rows`; drizzle's type for it depends on the driver.
    const result: unknown = await t.app.database.db.execute(
      sql`select distinct event_object_table as table from information_schema.triggers where action_statement like '%notify_shop_change%'`,
    );
    const { rows } = result as { rows: { table: string }[] };
    expect(rows.map((row) => row.table).sort()).toEqual([...WATCHED_TABLES].sort());
  });
});

/** What the decision promises: another instance's write shows within a second. */
const WITHIN = { timeout: 1_000, interval: 20 };

// Several instances share a PostgreSQL server; PGlite serves one process.
describe.runIf(process.env.TEST_DB === 'postgres')('instances sharing one database', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let writer: FastifyInstance;
  let reader: FastifyInstance;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    writer = await buildApp(testConfig(database.config));
    reader = await buildApp(testConfig(database.config));
    await Promise.all([writer.ready(), reader.ready()]);
    admin = new pg.Client({
      connectionString: database.config.kind === 'postgres' ? database.config.url : '',
    });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await Promise.all([writer.close(), reader.close()]);
    await database.drop();
  });
  beforeEach(async () => {
    await writer.database.db.execute(
      sql`truncate table orders, parts, reviews, users restart identity cascade`,
    );
  });

  const partNames = async (app: FastifyInstance) =>
    (await app.inject('/api/parts')).json<{ name: string }[]>().map((part) => part.name);
  const reviewTexts = async (app: FastifyInstance) =>
    (await app.inject('/api/review')).json<{ description: string }[]>().map((r) => r.description);
  const listeners = async () =>
    (
      await admin.query<{ n: string }>(
        'select count(*) as n from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTENER_APPLICATION_NAME],
      )
    ).rows[0]?.n;

  it('a part added through one instance is listed by the other within a second', async () => {
    expect(await partNames(reader)).toEqual([]);
    await makePart(writer.database.db, { name: 'Carbon splitter' });
    await expect.poll(() => partNames(reader), WITHIN).toEqual(['Carbon splitter']);
  });

  it('a new price, a restock and a part taken off sale show on the other instance within a second', async () => {
    const part = await makePart(writer.database.db, { name: 'Brake kit', priceCents: 10_000 });
    const shown = async () => {
      const answer = await reader.inject(`/api/parts/${part.id}`);
      return answer.statusCode === 200 ? answer.json<{ price: number; quantity: number }>() : null;
    };
    expect(await shown()).toMatchObject({ price: 100, quantity: 50 });

    const { db } = writer.database;
    await db.update(parts).set({ priceCents: 12_500 }).where(eq(parts.id, part.id));
    await expect.poll(shown, WITHIN).toMatchObject({ price: 125 });
    await db.update(parts).set({ stock: 80 }).where(eq(parts.id, part.id));
    await expect.poll(shown, WITHIN).toMatchObject({ quantity: 80 });
    await db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, part.id));
    await expect.poll(shown, WITHIN).toBeNull();
  });

  it('a search the other instance remembers finds, ranks and drops parts as they change, within a second', async () => {
    const found = async () =>
      (await reader.inject('/api/parts?q=brake'))
        .json<{ parts: { name: string }[]; total: number }>()
        .parts.map((part) => part.name);
    const hub = await makePart(writer.database.db, {
      name: 'Wheel hub',
      description: 'Takes the brake calipers of most cars.',
    });
    await expect.poll(found, WITHIN).toEqual(['Wheel hub']);

    const { db } = writer.database;
    await makePart(db, { name: 'Brake kit', description: 'Discs and pads.' });
    await expect.poll(found, WITHIN).toEqual(['Brake kit', 'Wheel hub']);
    await db.update(parts).set({ name: 'Brake hub for brake discs' }).where(eq(parts.id, hub.id));
    await expect.poll(found, WITHIN).toEqual(['Brake hub for brake discs', 'Brake kit']);
    await db.update(parts).set({ archivedAt: new Date() }).where(eq(parts.id, hub.id));
    await expect.poll(found, WITHIN).toEqual(['Brake kit']);
  });

  it('a review written through one instance shows on the other within a second', async () => {
    expect(await reviewTexts(reader)).toEqual([]);
    await makeReview(writer.database.db, { description: 'Fits like the original.' });
    await expect.poll(() => reviewTexts(reader), WITHIN).toEqual(['Fits like the original.']);
  });

  it('an order paid through one instance shows in the overview of the other within a second', async () => {
    const boss = await signUpAdmin(reader, { email: 'boss@example.com' });
    await signUp(writer, { email: 'ada@example.com' });
    const [user] = await writer.database.db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.email, 'ada@example.com'));
    if (!user) throw new Error('no account');
    const paid = async () =>
      (await reader.inject({ url: '/api/overview', headers: boss.bearer })).json<Overview>()
        .ordersByState.paid;
    expect(await paid()).toBe(0);
    const part = await makePart(writer.database.db, { minOrder: 1 });
    const order = await makeOrder(writer.database.db, { part, user });
    // Still unpaid: the reader adds up its overview again and keeps it.
    await expect.poll(paid, WITHIN).toBe(0);
    await writer.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, order.id));
    await expect.poll(paid, WITHIN).toBe(1);
  });

  const statusOf = async (app: FastifyInstance, url: string, caller: Caller) =>
    (await app.inject({ url, headers: caller.bearer })).statusCode;

  it('a session ended through one instance is refused by the other within a second', async () => {
    const customer = await signUp(writer);
    // The reader keeps the caller from here on.
    expect(await statusOf(reader, '/api/my-orders', customer)).toBe(200);
    expect(await statusOf(reader, '/api/my-orders', customer)).toBe(200);
    await admin.query('delete from sessions');
    await expect.poll(() => statusOf(reader, '/api/my-orders', customer), WITHIN).toBe(401);
  });

  it('a role given on one instance applies on the other within a second', async () => {
    const customer = await signUp(writer);
    expect(await statusOf(reader, '/api/manage/orders', customer)).toBe(403);
    await admin.query(`update users set role = 'admin'`);
    await expect.poll(() => statusOf(reader, '/api/manage/orders', customer), WITHIN).toBe(200);
  });

  it('an instance that has lost its change notices keeps no caller: a session ended meanwhile is refused at once', async () => {
    const customer = await signUp(writer);
    // The sign-up's own notices reach the reader first: one arriving later would drop the caller
    // the test counts on the reader keeping.
    await noticesHeard(reader);
    expect(await statusOf(reader, '/api/my-orders', customer)).toBe(200);
    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    // The reader knows its notices are gone (it tries again after a quarter of a second).
    await expect.poll(() => reader.caches.listening(), { timeout: 1_000, interval: 1 }).toBe(false);
    // Looked up now, the caller must not be kept: no notice would say when their session ends.
    expect(await statusOf(reader, '/api/my-orders', customer)).toBe(200);
    await admin.query('delete from sessions');
    expect(await statusOf(reader, '/api/my-orders', customer)).toBe(401);
    await expect.poll(listeners, { timeout: 10_000, interval: 100 }).toBe('2');
  });

  it('a change held in an open transaction shows on the other instance once it commits', async () => {
    await makePart(writer.database.db, { name: 'Old name' });
    await expect.poll(() => partNames(reader), WITHIN).toEqual(['Old name']);
    await admin.query('begin');
    await admin.query(`update parts set name = 'New name'`);
    // The reader loads again while the change is uncommitted: had it been told now, it would
    // keep the old name for good.
    expect(await partNames(reader)).toEqual(['Old name']);
    await admin.query('commit');
    await expect.poll(() => partNames(reader), WITHIN).toEqual(['New name']);
  });

  it('an instance whose listening connection is lost reconnects and drops what it cached meanwhile', async () => {
    await makePart(writer.database.db, { name: 'Before' });
    // Once every notice of that write has arrived, the reader holds 'Before' in memory.
    await noticesHeard(reader);
    expect(await partNames(reader)).toEqual(['Before']);
    expect(await listeners()).toBe('2');

    await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
      [LISTENER_APPLICATION_NAME],
    );
    // Gone, and not yet back (each tries again after a quarter of a second): written now, the
    // notice reaches no instance.
    await expect.poll(listeners, { timeout: 1_000, interval: 5 }).toBe('0');
    // The reader has counted its notices lost (which dropped its caches); read while away, the
    // list is cached again, and no notice will say it went stale.
    await expect.poll(() => reader.caches.listening(), { timeout: 1_000, interval: 1 }).toBe(false);
    expect(await partNames(reader)).toEqual(['Before']);
    await admin.query(`update parts set name = 'While away'`);

    await expect.poll(listeners, { timeout: 10_000, interval: 100 }).toBe('2');
    await expect.poll(() => partNames(reader), WITHIN).toEqual(['While away']);
    // And it hears the next write as before.
    await admin.query(`update parts set name = 'After'`);
    await expect.poll(() => partNames(reader), WITHIN).toEqual(['After']);
  });
});

/**
 * Stands between the shop and PostgreSQL like a network that can fall silent: frozen, it keeps
 * every connection open and passes nothing either way, the way a dropped route or a dead host
 * looks to the socket; new connections wait unanswered.
 */
async function silenceableRoute(to: URL) {
  let frozen = false;
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    sockets.add(inbound);
    if (frozen) return;
    const outbound = connect(Number(to.port || 5432), to.hostname);
    sockets.add(outbound);
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('error', () => outbound.destroy());
    outbound.on('error', () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(to);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    freeze() {
      frozen = true;
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    thaw() {
      frozen = false;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.runIf(process.env.TEST_DB === 'postgres')(
  'a listening connection that falls silent',
  () => {
    it('is found out by its unanswered heartbeat, counted lost, and replaced once the database answers again', async () => {
      const route = await silenceableRoute(new URL(process.env.TEST_DATABASE_URL ?? ''));
      const heard: string[] = [];
      const listener = {
        drop: (notice: string | null) => heard.push(notice ?? 'anything'),
        lost: () => heard.push('lost'),
      };
      const stop = await listenForChanges(route.url, listener, pino({ level: 'silent' }), {
        everyMs: 100,
        answerWithinMs: 200,
      });
      try {
        // Answering: beat after beat, nothing is lost.
        await setTimeout(400);
        expect(heard).toEqual([]);

        route.freeze();
        await expect.poll(() => heard, { timeout: 1_000, interval: 10 }).toEqual(['lost']);
        // Still silent: no second loss, and no claim of being back.
        await setTimeout(600);
        expect(heard).toEqual(['lost']);

        route.thaw();
        await expect
          .poll(() => heard, { timeout: 10_000, interval: 50 })
          .toEqual(['lost', 'anything']);
      } finally {
        await stop();
        await route.close();
      }
    });
  },
);
