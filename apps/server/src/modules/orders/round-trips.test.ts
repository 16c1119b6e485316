import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { attemptSignIn, browserHeaders, signIn, signUp } from '../../../test/accounts-helpers';
import { noticesHeard } from '../../../test/change-notices-helpers';
import { makePart } from '../../../test/factories';
import { placeOrderId } from '../../../test/orders-helpers';
import { useTestApp } from '../../../test/test-app';

// On PostgreSQL every statement is a round trip to the server, and a request waits for each: the
// shop's busiest write, and the order lists read as history grows, must not gain one unnoticed
// (docs/performance.md). Each query a connection sends is counted, in order.
describe.runIf(process.env.TEST_DB === 'postgres')('round trips on PostgreSQL', () => {
  const t = useTestApp();

  /** Signs up, once every notice of the sign-up has reached the app. */
  async function signedUp() {
    const caller = await signUp(t.app);
    await noticesHeard(t.app);
    return caller;
  }

  /** The statements the shop sends while `act` runs, each by its first three words. */
  async function statementsOf(act: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    // Every statement the pool or a transaction sends goes through a client's query().
    const client = pg.Client.prototype as unknown as {
      query: (this: unknown, ...args: unknown[]) => unknown;
    };
    const query = client.query;
    client.query = function (this: unknown, ...args: unknown[]) {
      const [first] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
      sent.push((text ?? '?').trim().split(/\s+/).slice(0, 3).join(' '));
      return query.apply(this, args);
    };
    try {
      await act();
    } finally {
      client.query = query;
    }
    return sent;
  }

  // The write limit counts in memory here, or in Redis (plugins/limits.ts): not in the database.
  it('takes four round trips, a transaction of four; the session was read once, before', async () => {
    const part = await makePart(t.app.database.db, { stock: 10, minOrder: 1 });
    const customer = await signedUp();
    // The first order warms what a process does once (prepared plans, pool connections).
    await placeOrderId(t.app, customer, part.id, 1);

    const sent = await statementsOf(() => placeOrderId(t.app, customer, part.id, 1));
    expect(sent).toEqual([
      'begin',
      // The customer's row locked, and the part reserved, in one statement.
      'with "customer" as',
      // The order, its lines and its mail, in one statement.
      'with "placed_lines" as',
      'commit',
    ]);
  });

  it('reads a page of orders in one statement, and only its keys for a client that holds it', async () => {
    const part = await makePart(t.app.database.db, { stock: 10, minOrder: 1 });
    const customer = await signedUp();
    await placeOrderId(t.app, customer, part.id, 1);
    const ask = (headers: Record<string, string> = {}) =>
      t.app.inject({ url: '/api/my-orders', headers: { ...customer.bearer, ...headers } });
    const first = await ask();

    // Without a copy: the orders with their lines, read once; the caller, known since the first
    // request, is not read again.
    expect(await statementsOf(() => ask())).toEqual(['select "id", "total_cents",']);
    // With the copy's ETag: the page's keys alone, and a 304.
    const etag = String(first.headers.etag);
    let again: Awaited<ReturnType<typeof ask>> | undefined;
    expect(
      await statementsOf(async () => {
        again = await ask({ 'if-none-match': etag });
      }),
    ).toEqual(['select "id", to_char("created_at"']);
    expect(again?.statusCode).toBe(304);
  });

  it('reads the session again once a session or an account is changed, not when one is added', async () => {
    const customer = await signedUp();
    const ask = () => t.app.inject({ url: '/api/my-orders', headers: customer.bearer });
    await ask();
    expect(await statementsOf(ask)).not.toContain('select "sessions"."id", "sessions"."token",');
    // Another customer signs up, and signs in again: new sessions and a new account, which no
    // caller kept stands for.
    const other = await signedUp();
    await signIn(t.app, other.email, 'secret123');
    await noticesHeard(t.app);
    expect(await statementsOf(ask)).not.toContain('select "sessions"."id", "sessions"."token",');
    // Another customer signs out: a session ends, so every caller kept is read again once.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...browserHeaders, cookie: other.cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await noticesHeard(t.app);
    expect(await statementsOf(ask)).toContain('select "sessions"."id", "sessions"."token",');
    expect(await statementsOf(ask)).not.toContain('select "sessions"."id", "sessions"."token",');
  });

  it('keeps the callers it holds when a sign-in is refused', async () => {
    const customer = await signedUp();
    const ask = () => t.app.inject({ url: '/api/my-orders', headers: customer.bearer });
    await ask();
    const refused = await attemptSignIn(t.app, { email: customer.email, password: 'not-theirs' });
    expect(refused.statusCode).toBe(401);
    expect(await statementsOf(ask)).not.toContain('select "sessions"."id", "sessions"."token",');
  });
});
