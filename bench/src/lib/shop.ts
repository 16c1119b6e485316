// The shop as the benchmark's customers and admin use it: accounts, the catalog, restocking,
// orders. The API's JSON speaks the spec's names (`_id`, `quantity` for stock, `orderId` for a
// part); only the mappers here read or write them, and the rest of the bench uses the shop's words.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Part as PartJson, PartRestock, PlaceOrder } from '@apex/contract';

import { expectStatus, request } from './http';
import { expectMailTo, linkMailedTo } from './mailbox';

export interface Customer {
  email: string;
  /** For signing in through the login page, as a browser does. */
  password: string;
  token: string;
  /** The IP address this customer calls from (the server believes one proxy hop). */
  ip: string;
}

/** A part of the catalog, as much of it as the bench uses. */
export interface Part {
  id: string;
  name: string;
  stock: number;
  minOrder: number;
  /** The unit price in dollars, as the part page shows it and a cart line repeats it. */
  price: number;
}

const fromPartJson = (json: PartJson): Part => ({
  id: json._id,
  name: json.name,
  stock: json.quantity,
  minOrder: json.minorder,
  price: json.price,
});

/** An order to place: `quantity` units of the part. */
interface NewOrder {
  partId: string;
  quantity: number;
  phone: string;
  address: string;
}

const toPlaceOrderJson = (order: NewOrder): PlaceOrder => ({
  orderId: order.partId,
  orderQuantity: order.quantity,
  phone: order.phone,
  address: order.address,
});

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

/**
 * Signs up `count` customers, sixteen at a time (most of the time is spent waiting for mail),
 * each from an address of its own: the sign-up, then the mailed link opened with the same
 * password, which makes the account and signs it in.
 */
export async function signUpCustomers(
  base: string,
  count: number,
  tag: string,
): Promise<Customer[]> {
  const customers: Customer[] = [];
  const password = 'bench-password-1';
  // Each request hashes the password on the shop's thread: sixteen at once on a machine that
  // others keep busy have taken longer than the default 15 s to get their response.
  const timeoutMs = 60_000;
  const signUp = async (n: number) => {
    const email = `bench${tag}${n}@example.com`;
    const ip = clientAddress(n + 1);
    const headers = { origin: base, 'x-forwarded-for': ip };
    expectMailTo(email);
    await expectStatus(
      request(base, 'POST', '/api/sign-up', {
        headers,
        body: { name: `Bench Customer ${n}`, email, password },
        timeoutMs,
      }),
      202,
      `signing up ${email}`,
    );
    const link = new URL(await linkMailedTo(email, '/confirm-email?token='));
    const answer = await expectStatus(
      request(base, 'POST', '/api/sign-up/confirm', {
        headers,
        body: { token: link.searchParams.get('token'), password },
        timeoutMs,
      }),
      200,
      `confirming ${email}`,
    );
    customers.push({ email, password, ip, token: bearerFrom(answer, `confirming ${email}`) });
  };
  const queue = Array.from({ length: count }, (_, n) => n);
  await Promise.all(
    Array.from({ length: 16 }, async () => {
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
  return (JSON.parse(answer.body) as PartJson[]).map(fromPartJson);
}

/** One part as `base` answers it now (GET /api/parts/:id). */
export async function findPart(base: string, id: string): Promise<Part> {
  const answer = await expectStatus(
    request(base, 'GET', `/api/parts/${id}`),
    200,
    `GET /api/parts/${id}`,
  );
  return fromPartJson(JSON.parse(answer.body) as PartJson);
}

/** Adds `units` to a part's stock as the admin; answers the part as the write left it. */
export async function restockPart(
  base: string,
  adminToken: string,
  part: Part,
  units: number,
): Promise<Part> {
  const restock: PartRestock = { units };
  const answer = await expectStatus(
    request(base, 'POST', `/api/parts/${part.id}/restock`, {
      headers: { authorization: `Bearer ${adminToken}` },
      body: restock,
    }),
    200,
    `restocking ${part.name}`,
  );
  return fromPartJson((JSON.parse(answer.body) as { part: PartJson }).part);
}

/** Gives every part so much stock that no order the benchmark places can sell it out. */
export async function restockAll(base: string, adminToken: string): Promise<Part[]> {
  const parts = await listParts(base);
  for (const part of parts) {
    // A restock adds units; the shop keeps at most 1,000,000 of a part.
    const units = 1_000_000 - part.stock;
    if (units > 0) await restockPart(base, adminToken, part, units);
  }
  return listParts(base);
}

/** A customer's POST /api/orders, its headers and JSON body. */
export interface OrderRequest {
  headers: Record<string, string>;
  body: PlaceOrder;
}

/** The part's minimum quantity, ordered as a customer would order it. */
export function orderRequest(customer: Customer, part: Part): OrderRequest {
  const order: NewOrder = {
    partId: part.id,
    quantity: part.minOrder,
    phone: '+1 555 0100',
    address: '1 Benchmark Road, Testville',
  };
  return {
    headers: { authorization: `Bearer ${customer.token}`, 'x-forwarded-for': customer.ip },
    body: toPlaceOrderJson(order),
  };
}

/** A shop made ready for a load: its stock topped up, customers signed up, the admin signed in. */
export interface PreparedShop {
  customers: Customer[];
  parts: Part[];
  adminToken: string;
}

export async function prepareShop(
  base: string,
  { customers, tag, dataDir }: { customers: number; tag: string; dataDir: string },
): Promise<PreparedShop> {
  const adminToken = await signInAdmin(base, dataDir);
  const parts = await restockAll(base, adminToken);
  return { customers: await signUpCustomers(base, customers, tag), parts, adminToken };
}
