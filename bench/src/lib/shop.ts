// The shop as the benchmark's customers and admin use it: accounts, the catalog, restocking.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Part } from '@apex/contract';

import { expectStatus, request } from './http';

export interface Customer {
  email: string;
  token: string;
  /** The address this customer calls from (the server believes one proxy hop). */
  address: string;
}

/** The demo admin every embedded shop (and any shop with SEED_DEMO) starts with. */
const ADMIN_EMAIL = 'admin@example.com';

/** The demo admin's password, which the shop generated and wrote to its DATA_DIR on first start. */
function demoAdminPassword(dataDir: string): string {
  const file = path.join(dataDir, 'demo-logins.json');
  const { logins } = JSON.parse(readFileSync(file, 'utf8')) as {
    logins: { email: string; password: string }[];
  };
  const admin = logins.find((login) => login.email === ADMIN_EMAIL);
  if (!admin) throw new Error(`no demo admin login in ${file}`);
  return admin.password;
}

/** A documentation range (RFC 2544), one address per customer: sign-up is limited per address. */
export function clientAddress(n: number): string {
  return `198.18.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
}

function bearerFrom(answer: { headers: Record<string, unknown> }, what: string): string {
  const token = answer.headers['set-auth-token'];
  if (typeof token !== 'string' || token === '') throw new Error(`${what}: no set-auth-token`);
  return token;
}

/** Signs up `count` customers, a few at a time, each from an address of its own. */
export async function signUpCustomers(
  base: string,
  count: number,
  tag: string,
): Promise<Customer[]> {
  const customers: Customer[] = [];
  const signUp = async (n: number) => {
    const email = `bench${tag}${n}@example.com`;
    const address = clientAddress(n + 1);
    const answer = await expectStatus(
      request(base, 'POST', '/api/auth/sign-up/email', {
        headers: { origin: base, 'x-forwarded-for': address },
        body: { name: `Bench Customer ${n}`, email, password: 'bench-password-1' },
      }),
      200,
      `signing up ${email}`,
    );
    customers.push({ email, address, token: bearerFrom(answer, `signing up ${email}`) });
  };
  const queue = Array.from({ length: count }, (_, n) => n);
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) await signUp(n);
    }),
  );
  return customers;
}

/** Signs in the demo admin of the shop whose DATA_DIR is `dataDir`. */
export async function signInAdmin(base: string, dataDir: string): Promise<string> {
  const answer = await expectStatus(
    request(base, 'POST', '/api/auth/sign-in/email', {
      headers: { origin: base, 'x-forwarded-for': clientAddress(0) },
      body: { email: ADMIN_EMAIL, password: demoAdminPassword(dataDir) },
    }),
    200,
    'signing in the demo admin',
  );
  return bearerFrom(answer, 'signing in the demo admin');
}

export async function listParts(base: string): Promise<Part[]> {
  const answer = await expectStatus(request(base, 'GET', '/api/parts'), 200, 'GET /api/parts');
  return JSON.parse(answer.body) as Part[];
}

/** Gives every part so much stock that no order the benchmark places can sell it out. */
export async function restockAll(base: string, adminToken: string): Promise<Part[]> {
  const parts = await listParts(base);
  for (const part of parts) {
    // A restock adds units; the shop keeps at most 1,000,000 of a part.
    const units = 1_000_000 - part.quantity;
    if (units === 0) continue;
    await expectStatus(
      request(base, 'POST', `/api/parts/${part._id}/restock`, {
        headers: { authorization: `Bearer ${adminToken}` },
        body: { units },
      }),
      200,
      `restocking ${part.name}`,
    );
  }
  return listParts(base);
}

/** The body of one order: the part's minimum quantity, as a customer would order it. */
export function orderBody(part: Part) {
  return {
    orderId: part._id,
    orderQuantity: part.minorder,
    phone: '+1 555 0100',
    address: '1 Benchmark Road, Testville',
  };
}
