import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { FitmentList, Part, PartPage, Review, Vehicle } from '@apex/contract';

import { buildApp } from '../src/app';
import type { DatabaseConfig } from '../src/config';
import { outbox, users } from '../src/db/schema';
import { seedDemoData } from '../src/db/seed';
import { serverRoot } from '../src/paths';
import { attemptSignIn, signIn, signUp } from './accounts-helpers';
import { createTestApp, createTestDatabase, type TestApp, testConfig } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
});
afterAll(() => t.close());

describe('demo data on an empty shop', () => {
  it('fills the catalog with at least 12 parts and 6 reviews', async () => {
    const parts = (await t.app.inject({ method: 'GET', url: '/api/parts' })).json<Part[]>();
    const reviews = (await t.app.inject({ method: 'GET', url: '/api/review' })).json<Review[]>();
    expect(parts.length).toBeGreaterThanOrEqual(12);
    expect(reviews.length).toBeGreaterThanOrEqual(6);
    for (const part of parts) {
      expect(part.minorder).toBeLessThanOrEqual(part.quantity);
      expect(part.price).toBeGreaterThan(0);
    }
  });

  it('has vehicles of several makes and generations, and parts that fit some, or all', async () => {
    const vehicles = (await t.app.inject({ url: '/api/vehicles' })).json<Vehicle[]>();
    expect(new Set(vehicles.map((v) => v.make)).size).toBeGreaterThanOrEqual(3);
    expect(vehicles.length).toBeGreaterThanOrEqual(6);
    const all = (await t.app.inject({ url: '/api/parts' })).json<Part[]>();
    const evo = (
      await t.app.inject({ url: '/api/parts?vehicle=2019-lamborghini-huracan-evo&limit=100' })
    ).json<PartPage>();
    expect(evo.total).toBeGreaterThan(2);
    expect(evo.total).toBeLessThan(all.length);
    const fitment = (
      await t.app.inject({ url: `/api/fitment?parts=${all.map((p) => p._id).join(',')}` })
    ).json<FitmentList>();
    expect(fitment.parts.some((p) => p.universal)).toBe(true);
  });

  it('gives every part its own picture, shipped with the web app', async () => {
    const parts = (await t.app.inject({ method: 'GET', url: '/api/parts' })).json<Part[]>();
    const images = parts.map((p) => p.image);
    expect(new Set(images).size).toBe(parts.length);
    const publicDir = path.resolve(serverRoot, '..', 'web', 'public');
    for (const image of images) {
      expect(image).toMatch(/^\/images\/parts\/[a-z0-9-]+\.svg$/);
      expect(existsSync(path.join(publicDir, image)), image).toBe(true);
    }
  });

  it('compresses the catalog for clients that accept gzip', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/parts',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('leaves a shop that already has parts alone', async () => {
    expect(await seedDemoData(t.app.database.db)).toBe(false);
  });
});

/** One shop's database and data directory, opened again and again as restarts would. */
interface Install {
  start(): Promise<{ app: FastifyInstance; log: string }>;
  dataDir: string;
  remove(): Promise<void>;
}

async function newInstall(): Promise<Install> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'apex-demo-install-'));
  // PGlite keeps the data in the install's own directory: the first start copies the migrated
  // template there, later starts open what is there.
  let config: DatabaseConfig =
    database.config.kind === 'pglite'
      ? { ...database.config, dataDir: path.join(dataDir, 'db') }
      : database.config;
  return {
    dataDir,
    async start() {
      const lines: string[] = [];
      const app = await buildApp(
        testConfig(config, { seedDemo: true, logLevel: 'warn', dataDir }),
        { logStream: { write: (line: string) => lines.push(line) } },
      );
      await app.ready();
      if (config.kind === 'pglite') config = { kind: 'pglite', dataDir: config.dataDir };
      return { app, log: lines.join('') };
    },
    async remove() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The demo logins the start-up output announced, by role. */
function announcedLogins(log: string): Map<string, { email: string; password: string }> {
  const found = new Map<string, { email: string; password: string }>();
  for (const match of log.matchAll(/Demo (admin|customer) login: (\S+) \/ (\S+) /g)) {
    const [, role = '', email = '', password = ''] = match;
    found.set(role, { email, password });
  }
  return found;
}

function demoLoginsFile(dataDir: string): { email: string; password: string }[] {
  const file = JSON.parse(readFileSync(path.join(dataDir, 'demo-logins.json'), 'utf8')) as {
    logins: { email: string; password: string }[];
  };
  return file.logins;
}

describe('the demo accounts', () => {
  const installs: Install[] = [];
  const running: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(running.map((app) => app.close()));
    await Promise.all(installs.map((install) => install.remove()));
  });

  async function start(install: Install) {
    const started = await install.start();
    running.push(started.app);
    return started;
  }

  async function stop(app: FastifyInstance) {
    running.splice(running.indexOf(app), 1);
    await app.close();
  }

  it('get generated passwords on the first start, printed once and kept in a file only the owner reads', async () => {
    const install = await newInstall();
    installs.push(install);
    const { app, log } = await start(install);

    const logins = announcedLogins(log);
    const admin = logins.get('admin');
    const customer = logins.get('customer');
    if (!admin || !customer) throw new Error(`no demo logins announced in: ${log}`);
    expect(admin.email).toBe('admin@example.com');
    expect(customer.email).toBe('customer@example.com');
    for (const { password } of [admin, customer]) {
      expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
      // Printed once, nowhere else in the log.
      expect(log.split(password)).toHaveLength(2);
    }
    expect(admin.password).not.toBe(customer.password);

    const file = path.join(install.dataDir, 'demo-logins.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(demoLoginsFile(install.dataDir)).toEqual([
      expect.objectContaining(admin),
      expect.objectContaining(customer),
    ]);

    expect(
      (await attemptSignIn(app, { email: admin.email, password: 'admin123' })).statusCode,
    ).toBe(401);
    expect(
      (await attemptSignIn(app, { email: customer.email, password: 'customer123' })).statusCode,
    ).toBe(401);
    const signedIn = await signIn(app, admin.email, admin.password);
    const isAdmin = await app.inject({
      method: 'GET',
      url: `/api/admin/${admin.email}`,
      headers: signedIn.bearer,
    });
    expect(isAdmin.json()).toEqual({ admin: true });
    await signIn(app, customer.email, customer.password);

    // Verified from the start, so no verification mail waits for an address nobody reads.
    const accounts = await app.database.db
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .orderBy(users.email);
    expect(accounts).toEqual([
      { email: 'admin@example.com', emailVerified: true },
      { email: 'customer@example.com', emailVerified: true },
    ]);
    expect((await app.database.db.select().from(outbox)).map((mail) => mail.kind)).toEqual([]);
  });

  it('are not made again after a restart: a deleted demo account stays deleted', async () => {
    const install = await newInstall();
    installs.push(install);
    const first = await start(install);
    const partsBefore = (await first.app.inject({ method: 'GET', url: '/api/parts' })).json<
      Part[]
    >();
    await first.app.database.db.execute(
      sql`delete from users where email = 'customer@example.com'`,
    );
    const fileBefore = readFileSync(path.join(install.dataDir, 'demo-logins.json'), 'utf8');
    await stop(first.app);

    const second = await start(install);
    expect(announcedLogins(second.log).size).toBe(0);
    const accounts = await second.app.database.db.select({ email: users.email }).from(users);
    expect(accounts.map((row) => row.email)).toEqual(['admin@example.com']);
    const partsAfter = (await second.app.inject({ method: 'GET', url: '/api/parts' })).json<
      Part[]
    >();
    expect(partsAfter).toHaveLength(partsBefore.length);
    expect(readFileSync(path.join(install.dataDir, 'demo-logins.json'), 'utf8')).toBe(fileBefore);
  });

  it('of an older install lose the published passwords on the next start, whoever signed in is signed out', async () => {
    const install = await newInstall();
    installs.push(install);
    const first = await start(install);
    // As an earlier version left them: the demo accounts with their published passwords.
    await first.app.database.db.execute(sql`delete from users`);
    await signUp(first.app, { email: 'admin@example.com', password: 'admin123' });
    await first.app.database.db.execute(
      sql`update users set role = 'admin' where email = 'admin@example.com'`,
    );
    const intruder = await signIn(first.app, 'admin@example.com', 'admin123');
    // That version had no record of having checked for published passwords.
    await first.app.database.db.execute(
      sql`delete from shop_settings where key = 'demo-passwords-retired'`,
    );
    await stop(first.app);

    const second = await start(install);
    const admin = announcedLogins(second.log).get('admin');
    if (!admin) throw new Error(`no new admin password announced in: ${second.log}`);
    expect(announcedLogins(second.log).has('customer')).toBe(false);
    expect(demoLoginsFile(install.dataDir)).toContainEqual(expect.objectContaining(admin));
    expect(
      (await attemptSignIn(second.app, { email: admin.email, password: 'admin123' })).statusCode,
    ).toBe(401);
    const stillIn = await second.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: intruder.bearer,
    });
    expect(stillIn.statusCode).toBe(401);
    await signIn(second.app, admin.email, admin.password);
    await stop(second.app);

    const third = await start(install);
    expect(announcedLogins(third.log).size).toBe(0);
  });
});
