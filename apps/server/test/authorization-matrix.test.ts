import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { cartLines, outbox, type PartRow, profiles, type UserRow, users } from '../src/db/schema';
import {
  type Caller,
  confirmationToken,
  newClientAddress,
  signUp,
  signUpAdmin,
} from './accounts-helpers';
import { makeOrder, makePart } from './factories';
import { makeVehicle } from './fitment-helpers';
import { pngPicture } from './pictures';
import { createTestApp, type TestApp } from './test-app';
import { fakeWebDist } from './web-dist';

// Every route the shop answers, walked as each kind of caller. The route list comes from the
// app's own route table, so a new route without a row here fails this test.

type Role = 'visitor' | 'customer' | 'otherCustomer' | 'admin';
const roles: Role[] = ['visitor', 'customer', 'otherCustomer', 'admin'];

/** One request, built fresh for each cell so that no cell depends on another's changes. */
type Build = () => Promise<InjectOptions & { url: string }>;

interface Row {
  build: Build;
  /** The status each caller gets. `customer` owns whatever the request names. */
  expect: Record<Role, number>;
}

let t: TestApp;
let customer: Caller;
let otherCustomer: Caller;
let admin: Caller;
let owner: UserRow;
let part: PartRow;
let picture: string;
let vehicleKey: string;
let vehicleId: string;

const vehicleFields = () => ({
  make: 'Matrix',
  model: `Car ${randomUUID().slice(0, 8)}`,
  yearFrom: 2019,
  yearTo: 2024,
});
const freshVehicle = () => makeVehicle(t.app.database.db, vehicleFields());

const headersOf: Record<Role, () => Record<string, string>> = {
  visitor: () => ({}),
  customer: () => customer.bearer,
  otherCustomer: () => otherCustomer.bearer,
  admin: () => admin.bearer,
};

const partDetails = () => ({
  name: 'Matrix Part',
  minorder: 1,
  price: 10,
  image: '/images/parts/matrix.svg',
  description: 'For the authorization matrix.',
});
const partFields = () => ({ ...partDetails(), quantity: 5 });

const freshPart = () => makePart(t.app.database.db, { stock: 50, minOrder: 1 });
const ownersOrder = async (status: 'unpaid' | 'paid' = 'unpaid') =>
  makeOrder(t.app.database.db, { part, user: owner, status });
const paymentSecret = async (orderId: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: customer.bearer,
    payload: { orderId },
  });
  return res.json<{ clientSecret: string }>().clientSecret;
};
/** A mail about the owner's order, waiting in the outbox; its id. */
const queuedMail = async () => {
  const order = await ownersOrder();
  const [row] = await t.app.database.db
    .insert(outbox)
    .values({
      kind: 'order-shipped',
      recipient: owner.email,
      data: {
        kind: 'order-shipped',
        name: owner.name,
        order: {
          id: order.id,
          partName: part.name,
          quantity: part.minOrder,
          totalCents: order.totalCents,
          transactionId: null,
          testPayment: false,
        },
      },
    })
    .returning();
  return row?.id ?? '';
};
const testCard = { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' };

/** The row of a GET of a fixed address, the same for every caller. */
const getRow = (url: string, expected: Record<Role, number>): Row => ({
  build: async () => ({ method: 'GET', url }),
  expect: expected,
});

/** A request about a fresh order of the owner's, at the address `path` makes of its id. */
const onOwnersOrder =
  (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: (id: string) => string,
    status: 'unpaid' | 'paid' = 'unpaid',
  ): Build =>
  async () => ({ method, url: path((await ownersOrder(status)).id) });

/** A write of the owner's profile, once `prepare` has made or removed the one there is. */
const profileWrite =
  (method: 'POST' | 'PUT', prepare: () => Promise<unknown>): Build =>
  async () => {
    await prepare();
    return {
      method,
      url: `/api/profile/${customer.email}`,
      payload: { education: 'MSc', location: `Modena (${method})`, phone: '1', linkedin: '' },
    };
  };

const everyone = (status: number): Record<Role, number> => ({
  visitor: status,
  customer: status,
  otherCustomer: status,
  admin: status,
});
const adminsOnly = (success: number) => ({
  visitor: 401,
  customer: 403,
  otherCustomer: 403,
  admin: success,
});
const signedIn = (success: number) => ({
  visitor: 401,
  customer: success,
  otherCustomer: success,
  admin: success,
});

const matrix: Record<string, Row> = {
  'GET /api/auth/*': getRow('/api/auth/get-session', everyone(200)),
  'POST /api/auth/*': {
    build: async () => ({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://localhost:3000' },
      payload: { email: customer.email, password: 'not-the-password' },
    }),
    expect: everyone(401),
  },
  // The metrics token is the scraper's alone: no shop role opens it.
  'GET /api/metrics': getRow('/api/metrics', everyone(401)),
  'GET /api/docs': getRow('/api/docs', everyone(200)),
  'GET /api/docs/static/index.html': getRow('/api/docs/static/index.html', everyone(302)),
  'GET /api/docs/static/swagger-initializer.js': getRow(
    '/api/docs/static/swagger-initializer.js',
    everyone(200),
  ),
  'GET /api/docs/json': getRow('/api/docs/json', everyone(200)),
  'GET /api/docs/yaml': getRow('/api/docs/yaml', everyone(200)),
  'GET /api/docs/static/*': getRow('/api/docs/static/swagger-ui.css', everyone(200)),
  'GET /api/health': getRow('/api/health', everyone(200)),
  'GET /api/ready': getRow('/api/ready', everyone(200)),
  'GET /api/parts': getRow('/api/parts', everyone(200)),
  'GET /api/parts/:id': {
    build: async () => ({ method: 'GET', url: `/api/parts/${part.id}` }),
    expect: everyone(200),
  },
  'POST /api/parts': {
    build: async () => ({ method: 'POST', url: '/api/parts', payload: partFields() }),
    expect: adminsOnly(201),
  },
  'PUT /api/parts/:id': {
    build: async () => {
      const fresh = await freshPart();
      return {
        method: 'PUT',
        url: `/api/parts/${fresh.id}`,
        payload: { ...partDetails(), version: fresh.version },
      };
    },
    expect: adminsOnly(200),
  },
  'POST /api/parts/:id/restock': {
    build: async () => ({
      method: 'POST',
      url: `/api/parts/${(await freshPart()).id}/restock`,
      payload: { units: 5 },
    }),
    expect: adminsOnly(200),
  },
  'DELETE /api/parts/:id': {
    build: async () => ({ method: 'DELETE', url: `/api/parts/${(await freshPart()).id}` }),
    expect: adminsOnly(200),
  },
  'POST /api/part-images': {
    build: async () => ({
      method: 'POST',
      url: '/api/part-images',
      headers: { 'content-type': 'image/png' },
      payload: pngPicture(),
    }),
    expect: adminsOnly(201),
  },
  // The vehicles and what fits them are the catalogue's: anyone may read them.
  'GET /api/vehicle-options': getRow('/api/vehicle-options?year=2020', everyone(200)),
  'GET /api/vehicles': getRow('/api/vehicles', everyone(200)),
  'GET /api/vehicles/:key': {
    build: async () => ({ method: 'GET', url: `/api/vehicles/${vehicleKey}` }),
    expect: everyone(200),
  },
  'GET /api/fitment': {
    build: async () => ({ method: 'GET', url: `/api/fitment?parts=${part.id}` }),
    expect: everyone(200),
  },
  'POST /api/manage/vehicles': {
    build: async () => ({ method: 'POST', url: '/api/manage/vehicles', payload: vehicleFields() }),
    expect: adminsOnly(201),
  },
  'PUT /api/manage/vehicles/:id': {
    build: async () => ({
      method: 'PUT',
      url: `/api/manage/vehicles/${(await freshVehicle()).id}`,
      payload: vehicleFields(),
    }),
    expect: adminsOnly(200),
  },
  'DELETE /api/manage/vehicles/:id': {
    build: async () => ({
      method: 'DELETE',
      url: `/api/manage/vehicles/${(await freshVehicle()).id}`,
    }),
    expect: adminsOnly(200),
  },
  'PUT /api/manage/parts/:id/fitment': {
    build: async () => ({
      method: 'PUT',
      url: `/api/manage/parts/${part.id}/fitment`,
      payload: { universal: false, vehicleIds: [vehicleId] },
    }),
    expect: adminsOnly(200),
  },
  // A garage is the caller's own, as a cart is: no address names another's.
  'GET /api/garage': getRow('/api/garage', signedIn(200)),
  'PUT /api/garage': {
    build: async () => ({
      method: 'PUT',
      url: '/api/garage',
      payload: { vehicles: [vehicleKey], current: vehicleKey },
    }),
    expect: signedIn(200),
  },
  'POST /api/garage/merge': {
    build: async () => ({
      method: 'POST',
      url: '/api/garage/merge',
      payload: { vehicles: [vehicleKey], current: null },
    }),
    expect: signedIn(200),
  },
  'GET /api/review': getRow('/api/review', everyone(200)),
  // Signing up is for anyone, and says the same to everyone whoever's address it names.
  'POST /api/sign-up': {
    build: async () => ({
      method: 'POST',
      url: '/api/sign-up',
      payload: { name: 'Matrix', email: `matrix${randomUUID()}@example.com`, password: 'kx7q2mzw' },
    }),
    expect: everyone(202),
  },
  // The link's page: whoever holds the link and the password opens the account, signed in or not.
  'POST /api/sign-up/confirm': {
    build: async () => {
      const email = `matrix${randomUUID()}@example.com`;
      await t.app.inject({
        method: 'POST',
        url: '/api/sign-up',
        remoteAddress: newClientAddress(),
        payload: { name: 'Matrix', email, password: 'kx7q2mzw' },
      });
      return {
        method: 'POST',
        url: '/api/sign-up/confirm',
        payload: { token: await confirmationToken(t.app, email), password: 'kx7q2mzw' },
      };
    },
    expect: everyone(200),
  },
  'POST /api/contact': {
    build: async () => ({
      method: 'POST',
      url: '/api/contact',
      payload: { email: 'asker@example.com', question: 'Do you ship abroad?' },
    }),
    expect: everyone(202),
  },
  'POST /api/review': {
    build: async () => ({
      method: 'POST',
      url: '/api/review',
      payload: { rating: 4, description: 'Fine.' },
    }),
    expect: signedIn(201),
  },
  'GET /api/sign-in-options': getRow('/api/sign-in-options', everyone(200)),
  // The access token is handed out for the caller's own email only, admins included.
  'PUT /api/user/:email': {
    build: async () => ({
      method: 'PUT',
      url: `/api/user/${customer.email}`,
      payload: { email: customer.email },
    }),
    expect: { visitor: 401, customer: 200, otherCustomer: 403, admin: 403 },
  },
  'GET /api/user': getRow('/api/user', adminsOnly(200)),
  'GET /api/manage/users': getRow('/api/manage/users?q=owner', adminsOnly(200)),
  'PUT /api/user/admin/:email': {
    build: async () => {
      const email = `bystander${randomUUID().slice(0, 8)}@example.com`;
      await t.app.database.db
        .insert(users)
        .values({ id: randomUUID(), name: 'Bystander', email, emailVerified: false });
      return { method: 'PUT', url: `/api/user/admin/${email}` };
    },
    expect: adminsOnly(200),
  },
  'GET /api/admin/:email': {
    build: async () => ({ method: 'GET', url: `/api/admin/${customer.email}` }),
    expect: { visitor: 401, customer: 200, otherCustomer: 403, admin: 200 },
  },
  'GET /api/profile': {
    build: async () => ({ method: 'GET', url: `/api/profile?userEmail=${customer.email}` }),
    expect: { visitor: 401, customer: 200, otherCustomer: 403, admin: 403 },
  },
  // A first profile each time: the owner creates it (201).
  'POST /api/profile/:email': {
    build: profileWrite('POST', () =>
      t.app.database.db.delete(profiles).where(eq(profiles.userId, owner.id)),
    ),
    expect: { visitor: 401, customer: 201, otherCustomer: 403, admin: 403 },
  },
  // An existing profile each time: the owner updates it (200).
  'PUT /api/profile/:email': {
    build: profileWrite('PUT', () =>
      t.app.database.db.insert(profiles).values({ userId: owner.id }).onConflictDoNothing(),
    ),
    expect: { visitor: 401, customer: 200, otherCustomer: 403, admin: 403 },
  },
  'POST /api/orders': {
    build: async () => ({
      method: 'POST',
      url: '/api/orders',
      payload: { orderId: part.id, orderQuantity: 1 },
    }),
    expect: signedIn(201),
  },
  // A cart is the caller's own: no address names another's, so every signed-in caller has one.
  'GET /api/cart': getRow('/api/cart', signedIn(200)),
  'PUT /api/cart/lines/:partId': {
    build: async () => ({
      method: 'PUT',
      url: `/api/cart/lines/${part.id}`,
      payload: { quantity: 1, unitPrice: part.priceCents / 100 },
    }),
    expect: signedIn(200),
  },
  'DELETE /api/cart/lines/:partId': {
    build: async () => ({ method: 'DELETE', url: `/api/cart/lines/${part.id}` }),
    expect: signedIn(200),
  },
  'POST /api/cart/merge': {
    build: async () => ({
      method: 'POST',
      url: '/api/cart/merge',
      payload: { lines: [{ partId: part.id, quantity: 1, unitPrice: part.priceCents / 100 }] },
    }),
    expect: signedIn(200),
  },
  'POST /api/cart/checkout': {
    build: async () => {
      // Every account's cart holds the part, so each caller has something to check out.
      const everybody = await t.app.database.db.select({ id: users.id }).from(users);
      await t.app.database.db
        .insert(cartLines)
        .values(
          everybody.map(({ id }) => ({
            userId: id,
            partId: part.id,
            quantity: 1,
            shownUnitPriceCents: part.priceCents,
          })),
        )
        .onConflictDoNothing();
      return { method: 'POST', url: '/api/cart/checkout', payload: { phone: '1', address: 'A' } };
    },
    expect: signedIn(201),
  },
  'GET /api/orders': {
    build: async () => ({ method: 'GET', url: `/api/orders?userEmail=${customer.email}` }),
    expect: { visitor: 401, customer: 200, otherCustomer: 403, admin: 403 },
  },
  // Each caller's own orders: nobody names whose, so nobody can ask for another's.
  'GET /api/my-orders': getRow('/api/my-orders', signedIn(200)),
  // Someone else's order is simply not there: 404 says nothing about whether it exists.
  'GET /api/order/:id': {
    build: onOwnersOrder('GET', (id) => `/api/order/${id}`),
    expect: { visitor: 401, customer: 200, otherCustomer: 404, admin: 200 },
  },
  // Only the customer cancels their own unpaid order; to anyone else it is not there.
  'POST /api/orders/:id/cancel': {
    build: onOwnersOrder('POST', (id) => `/api/orders/${id}/cancel`),
    expect: { visitor: 401, customer: 200, otherCustomer: 404, admin: 404 },
  },
  'GET /api/allorders': getRow('/api/allorders', adminsOnly(200)),
  'GET /api/manage/orders': getRow('/api/manage/orders?state=unpaid', adminsOnly(200)),
  'DELETE /api/allorders/:id': {
    build: onOwnersOrder('DELETE', (id) => `/api/allorders/${id}`),
    expect: adminsOnly(200),
  },
  'PUT /api/allorders/:id': {
    build: onOwnersOrder('PUT', (id) => `/api/allorders/${id}`, 'paid'),
    expect: adminsOnly(200),
  },
  // Who did what in the shop, customers' emails included: admins only.
  'GET /api/activity': getRow('/api/activity', adminsOnly(200)),
  // The shop's takings and sales: admins only.
  'GET /api/overview': getRow('/api/overview', adminsOnly(200)),
  'GET /api/payment-config': getRow('/api/payment-config', everyone(200)),
  'POST /api/create-payment-intent': {
    build: async () => ({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { orderId: (await ownersOrder()).id },
    }),
    expect: { visitor: 401, customer: 200, otherCustomer: 404, admin: 404 },
  },
  'PATCH /api/orders/:id': {
    build: async () => {
      // A real, successful payment of the owner's order: only the owner may record it.
      const order = await ownersOrder();
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/payments/builtin/confirm',
        payload: { clientSecret: await paymentSecret(order.id), card: testCard },
      });
      const transactionId = confirmed.json<{ paymentIntent: { id: string } }>().paymentIntent.id;
      return { method: 'PATCH', url: `/api/orders/${order.id}`, payload: { transactionId } };
    },
    expect: { visitor: 401, customer: 200, otherCustomer: 404, admin: 404 },
  },
  // Like Stripe's, the built-in processor takes the intent's client secret as the credential.
  'POST /api/payments/builtin/confirm': {
    build: async () => ({
      method: 'POST',
      url: '/api/payments/builtin/confirm',
      payload: { clientSecret: await paymentSecret((await ownersOrder()).id), card: testCard },
    }),
    expect: everyone(200),
  },
  'GET /api/outbox': getRow('/api/outbox', adminsOnly(200)),
  'GET /api/outbox/:id': {
    build: async () => ({ method: 'GET', url: `/api/outbox/${await queuedMail()}` }),
    expect: adminsOnly(200),
  },
  'GET /api/outbox/:id/html': {
    build: async () => ({ method: 'GET', url: `/api/outbox/${await queuedMail()}/html` }),
    expect: adminsOnly(200),
  },
  'GET /api/backups': getRow('/api/backups', adminsOnly(200)),
  'GET /uploads/parts/*': {
    build: async () => ({ method: 'GET', url: picture }),
    expect: everyone(200),
  },
  // The built web app's files and pages: everyone's, as they are in a browser before signing in.
  'GET /*': getRow('/assets/index-abc123.js', everyone(200)),
  'GET /parts/:id': {
    build: async () => ({ method: 'GET', url: `/parts/${part.id}` }),
    expect: everyone(200),
  },
  'GET /sitemap.xml': getRow('/sitemap.xml', everyone(200)),
  'GET /robots.txt': getRow('/robots.txt', everyone(200)),
};

beforeAll(async () => {
  t = await createTestApp({ metricsToken: 'the-scraper-token-only', webDist: fakeWebDist() });
  customer = await signUp(t.app, { name: 'Owner Customer' });
  otherCustomer = await signUp(t.app, { name: 'Other Customer' });
  admin = await signUpAdmin(t.app);
  [owner] = (await t.app.database.db
    .select()
    .from(users)
    .where(eq(users.email, customer.email))) as [UserRow];
  part = await makePart(t.app.database.db, { stock: 100_000, minOrder: 1 });
  const vehicle = await makeVehicle(t.app.database.db);
  vehicleKey = `2020-${vehicle.slug}`;
  vehicleId = vehicle.id;
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/part-images',
    headers: { ...admin.bearer, 'content-type': 'image/png' },
    payload: pngPicture(8),
  });
  picture = upload.json<{ image: string }>().image;
});
afterAll(() => t.close());

describe('the authorization matrix', () => {
  it('has a row for every route the shop answers, and no row for a route it does not', () => {
    const routes = t.app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(routes.filter((route) => !(route in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((route) => !routes.includes(route))).toEqual([]);
  });

  for (const [route, row] of Object.entries(matrix)) {
    it(`${route}: ${roles.map((role) => `${role} ${row.expect[role]}`).join(', ')}`, async () => {
      for (const role of roles) {
        const request = await row.build();
        const res = await t.app.inject({
          ...request,
          headers: { ...request.headers, ...headersOf[role]() },
          remoteAddress: newClientAddress(),
        });
        expect(res.statusCode, `${role}: ${res.body.slice(0, 200)}`).toBe(row.expect[role]);
        // Whatever a customer or visitor is shown, another customer's email is never in it.
        const strangers = {
          visitor: [customer.email, otherCustomer.email, admin.email],
          customer: [otherCustomer.email, admin.email],
          otherCustomer: [customer.email, admin.email],
          admin: [],
        }[role];
        for (const email of strangers) {
          expect(res.body, `${role} saw ${email}`).not.toContain(email);
        }
      }
    });
  }
});
