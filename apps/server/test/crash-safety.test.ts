import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { Order, Part } from '@apex/contract';

import { serverRoot } from '../src/paths';
import { demoPassword, newClientAddress } from './accounts-helpers';
import { freePort } from './free-port';
import { startMailServer } from './mail-server';
import { createTestDatabase } from './test-app';

// The production bundle is killed with SIGKILL in the middle of a rush of orders, as a power cut or
// the kernel's out-of-memory killer would: no shutdown hook runs. On restart every order a customer
// was told about (201) must still be there, and the stock must account for every order the
// database holds, including those whose answer never left the server. Mail too: the first server
// cannot reach its mail server, so no order's mail has left when it dies; after the restart each
// order's mail arrives, once.

const bundle = path.join(serverRoot, 'dist', 'server.js');
const AUTH_SECRET = 'crash-safety-secret-long-enough-for-hmac-signing';
const ORDERS_IN_RUSH = 300;
const CUSTOMERS_AT_ONCE = 30;
/** The plug is pulled when this many orders have been confirmed. */
const CONFIRMED_BEFORE_CRASH = 60;

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
let database: TestDatabase | undefined;
const shopDirs: string[] = [];
const running = new Set<Shop>();

beforeAll(async () => {
  if (!existsSync(bundle)) {
    throw new Error(`The built server ${bundle} is missing: run \`npm run build\` first.`);
  }
  database = await createTestDatabase();
});

/** Kills whatever server a test left running (a failed one, say) and waits until it is gone. */
async function stopAll(): Promise<void> {
  for (const shop of running) shop.child.kill('SIGKILL');
  await Promise.all([...running].map((shop) => shop.exited));
  running.clear();
}

afterEach(stopAll);
afterAll(async () => {
  await stopAll();
  for (const dir of shopDirs) rmSync(dir, { recursive: true, force: true });
  // Undefined when the bundle was missing: nothing was created then.
  await database?.drop();
});

interface Shop {
  child: ChildProcess;
  origin: string;
  /** Settles when the process is gone, however it ended (listened for from the start). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/**
 * Starts `node dist/server.js` as production runs it. The shop directory is its working directory
 * (so no stray .env is read) and its DATA_DIR: the embedded database and the uploads live there;
 * in the PostgreSQL run only the uploads do.
 */
function openShop(shopDir: string, port: number, smtpUrl: URL): Shop {
  if (!database) throw new Error('no test database');
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    LOG_LEVEL: 'warn',
    DATA_DIR: shopDir,
    SEED_DEMO: 'true',
    AUTH_SECRET,
    // Each sign-in below comes from its own address, so the sign-in limit never gets in the way.
    TRUST_PROXY: '1',
    RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    // The rush is a few customers placing many unpaid orders each, faster than any shopper.
    MAX_UNPAID_ORDERS: '100000',
    SMTP_URL: smtpUrl.href,
  };
  if (database.config.kind === 'postgres') env.DATABASE_URL = database.config.url;
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: shopDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    }),
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const shop = { child, origin, exited, output: () => output };
  running.add(shop);
  return shop;
}

/** Waits for /api/ready; a server that exits instead fails at once, with what it printed. */
async function waitUntilReady(shop: Shop): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (shop.child.exitCode !== null || shop.child.signalCode !== null) {
      const how = shop.child.signalCode ?? `code ${shop.child.exitCode}`;
      throw new Error(`The server exited (${how}) before it was ready:\n${shop.output()}`);
    }
    try {
      const res = await fetch(`${shop.origin}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server was not ready within 60 s:\n${shop.output()}`);
}

/** Signs in over HTTP as a browser on the shop's origin does; returns the access token. */
async function authenticate(
  shop: Shop,
  action: 'sign-in',
  body: { email: string; password: string },
): Promise<string> {
  const res = await fetch(`${shop.origin}/api/auth/${action}/email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: shop.origin,
      'x-forwarded-for': newClientAddress(),
    },
    body: JSON.stringify(body),
  });
  const token = res.headers.get('set-auth-token');
  if (!res.ok || !token) throw new Error(`${action} failed: ${res.status} ${await res.text()}`);
  return token;
}

async function getJson<T>(shop: Shop, url: string, token?: string): Promise<T> {
  const res = await fetch(`${shop.origin}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const cents = (dollars: number) => Math.round(dollars * 100);

interface Rush {
  /** Every order whose 201 reached its customer, with that customer's token. */
  confirmed: { order: Order; token: string }[];
  /** Answers other than 201 that arrived, by status. */
  otherAnswers: Record<number, number>;
  /** Customers left without an answer: the server died under their request, or was gone. */
  cutOff: number;
}

/**
 * Customers order the part concurrently; when the given number of orders is confirmed the server
 * is killed at once, with requests still in flight.
 */
async function rushAndCrash(shop: Shop, part: Part, tokens: string[]): Promise<Rush> {
  const rush: Rush = { confirmed: [], otherAnswers: {}, cutOff: 0 };
  let next = 0;
  const customer = async () => {
    while (next < ORDERS_IN_RUSH) {
      const n = next++;
      const token = tokens[n % tokens.length] ?? '';
      // Varying quantities, so a lost or doubled order cannot hide in the stock sum.
      const quantity = part.minorder + (n % 3);
      try {
        const res = await fetch(`${shop.origin}/api/orders`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            orderId: part._id,
            orderQuantity: quantity,
            phone: `+44 20 7946 ${String(n).padStart(4, '0')}`,
            address: `${n} Pit Lane, Silverstone`,
          }),
        });
        const body = await res.text();
        if (res.status === 201) {
          rush.confirmed.push({ order: (JSON.parse(body) as { order: Order }).order, token });
          if (rush.confirmed.length === CONFIRMED_BEFORE_CRASH) shop.child.kill('SIGKILL');
        } else {
          rush.otherAnswers[res.status] = (rush.otherAnswers[res.status] ?? 0) + 1;
        }
      } catch {
        // The connection died with the server: this customer never heard back.
        rush.cutOff++;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: CUSTOMERS_AT_ONCE }, customer));
  return rush;
}

describe('a server killed in the middle of a rush of orders', () => {
  it('keeps every confirmed order and accounts for all stock on restart', async () => {
    const shopDir = mkdtempSync(path.join(tmpdir(), 'apex-crash-'));
    shopDirs.push(shopDir);

    // Nothing listens there: every mail the first server tries fails, and waits in the outbox.
    const unreachableMail = new URL(`smtp://127.0.0.1:${await freePort()}`);
    const first = openShop(shopDir, await freePort(), unreachableMail);
    await waitUntilReady(first);
    const adminToken = await authenticate(first, 'sign-in', {
      email: 'admin@example.com',
      password: demoPassword(shopDir, 'admin@example.com'),
    });
    const tokens = [
      await authenticate(first, 'sign-in', {
        email: 'customer@example.com',
        password: demoPassword(shopDir, 'customer@example.com'),
      }),
      // A second buyer: this shop's mail never leaves, so nobody could confirm a new sign-up.
      adminToken,
    ];

    // The demo part with the most stock, so the rush is cut short by the crash, not by a sell-out.
    const catalog = await getJson<Part[]>(first, '/api/parts');
    const chosen = catalog.reduce((most, part) => (part.quantity > most.quantity ? part : most));
    const part = await getJson<Part>(first, `/api/parts/${chosen._id}`);
    expect(part.quantity).toBeGreaterThanOrEqual(CONFIRMED_BEFORE_CRASH * (part.minorder + 2));
    const ordersBefore = new Set(
      (await getJson<Order[]>(first, '/api/allorders', adminToken)).map((order) => order._id),
    );

    const rush = await rushAndCrash(first, part, tokens);
    expect((await first.exited).signal).toBe('SIGKILL');
    const summary = JSON.stringify({
      confirmed: rush.confirmed.length,
      otherAnswers: rush.otherAnswers,
      cutOff: rush.cutOff,
    });
    // Only 201 answers before the crash, and the crash really did cut requests off.
    expect(rush.otherAnswers, summary).toEqual({});
    expect(rush.confirmed.length, summary).toBeGreaterThanOrEqual(CONFIRMED_BEFORE_CRASH);
    expect(rush.cutOff, summary).toBeGreaterThan(0);

    if (database?.config.kind === 'pglite') {
      // Nothing ran on the way down, so the lock file of the dead process is still there: the
      // restart has to recognise it as stale rather than refuse to open the shop.
      expect(existsSync(path.join(shopDir, '.apex-parts.lock'))).toBe(true);
    }
    // The same data directory or the same PostgreSQL database.
    const mail = await startMailServer();
    const second = openShop(shopDir, await freePort(), mail.url);
    await waitUntilReady(second);

    // The sessions survived too: the tokens from before the crash still work.
    const allOrders = await getJson<Order[]>(second, '/api/allorders', adminToken);
    const byId = new Map(allOrders.map((order) => [order._id, order]));
    for (const { order, token } of rush.confirmed) {
      expect(byId.get(order._id), `confirmed order ${order._id}`).toEqual(order);
      expect(await getJson<Order>(second, `/api/order/${order._id}`, token)).toEqual(order);
    }

    const placedInRush = allOrders.filter(
      (order) => order.orderId === part._id && !ordersBefore.has(order._id),
    );
    // No half-written order: each has the part's price and a total that matches its quantity.
    for (const order of placedInRush) {
      expect(order.unitPrice, order._id).toBe(part.price);
      expect(cents(order.price), order._id).toBe(cents(part.price) * order.orderQuantity);
      expect(order.orderQuantity, order._id).toBeGreaterThanOrEqual(part.minorder);
      expect(order.orderQuantity, order._id).toBeLessThanOrEqual(part.minorder + 2);
      expect(order.status, order._id).toBe('unpaid');
    }
    // Orders whose answer was lost in the crash may exist, but no more than were in flight.
    expect(placedInRush.length).toBeLessThanOrEqual(rush.confirmed.length + rush.cutOff);

    const stockNow = (await getJson<Part>(second, `/api/parts/${part._id}`)).quantity;
    const ordered = placedInRush.reduce((sum, order) => sum + order.orderQuantity, 0);
    expect(stockNow + ordered).toBe(part.quantity);

    // Every order the database holds gets its "order placed" mail, once, the confirmed ones
    // among them. Mail the dead server had claimed waits out its claim's lease (60 s) first.
    const placedMails = () =>
      mail.received.filter((received) => received.subject?.includes('is placed'));
    const deadline = Date.now() + 100_000;
    while (placedMails().length < placedInRush.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    // A moment more, in which a second copy of any mail would arrive.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const mailedOrders = placedMails().map(
      (received) => /\/dashboard\/payment\/([0-9a-f-]{36})/.exec(received.text ?? '')?.[1],
    );
    expect(mailedOrders.sort()).toEqual(placedInRush.map((order) => order._id).sort());
    for (const { order } of rush.confirmed) expect(mailedOrders).toContain(order._id);

    second.child.kill('SIGTERM');
    await second.exited;
    await mail.close();
  }, 240_000);
});
