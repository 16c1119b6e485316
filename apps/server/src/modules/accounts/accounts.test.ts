import { describe, expect, it, vi } from 'vitest';

import {
  attemptConfirmation,
  attemptSignIn,
  attemptSignUp,
  browserHeaders,
  type Caller,
  confirmationToken,
  findSessionCookie,
  newAdmin,
  newClientAddress,
  signIn,
  signUp,
} from '../../../test/accounts-helpers';
import { createTestApp, useTestApp } from '../../../test/test-app';
import { outbox, pendingSignUps, users as usersTable } from '../../db/schema';

const t = useTestApp();

type Headers = Record<string, string>;
const visitor: Headers = {};
const PASSWORD = 'secret123';

// Vitest types asymmetric matchers as `any`; held as `unknown`, no `any` leaks into the tests.
const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
const someId = matching(/\S/);
const someMessage = matching(/\w/);

/** Better Auth's refusal of a sign-in: the same words whether the account or the password is wrong. */
const INVALID_SIGN_IN = { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' };

/** A signed-in admin (made one in the database, as the admin command does). */
const signUpCustomer = (email = 'customer@example.com', name = 'Ada Customer') =>
  signUp(t.app, { name, email, password: PASSWORD });

const requestToken = (email: string, headers: Headers) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers, payload: { email } });

const checkAdmin = (email: string, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/admin/${email}`, headers });

const listUsers = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/user', headers });

const makeAdmin = (email: string, headers: Headers) =>
  t.app.inject({ method: 'PUT', url: `/api/user/admin/${email}`, headers });

const signOut = (headers: Headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-out',
    headers: { ...browserHeaders, ...headers },
    payload: {},
  });

/** The emails of every account, as an admin sees them on Users. */
async function listedEmails(admin: Caller): Promise<string[]> {
  const res = await listUsers(admin.bearer);
  expect(res.statusCode).toBe(200);
  return res.json<{ email: string }[]>().map((user) => user.email);
}

interface DatabaseClient {
  query(statement: unknown, ...rest: unknown[]): unknown;
}

describe('who is calling', () => {
  it('is read in one query: the session with its account', async () => {
    const customer = await signUpCustomer();
    // Every statement the shop sends goes through the database client's query(). Both drivers'
    // databases hold that client as $client; the type the shop shares between them does not say.
    const { $client } = t.app.database.db as unknown as { $client: DatabaseClient };
    const query = vi.spyOn($client, 'query');
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        headers: customer.bearer,
      });
      expect(res.json()).toMatchObject({ user: { email: customer.email } });
      const reads = query.mock.calls
        // PGlite is handed the SQL text; node-postgres a query config holding it.
        .map(([statement]) =>
          typeof statement === 'string' ? statement : (statement as { text: string }).text,
        )
        .filter((statement) => /\bfrom "(sessions|users)"/.test(statement));
      expect(reads).toHaveLength(1);
    } finally {
      query.mockRestore();
    }
  });
});

describe('PUT /api/user/:email (the access token)', () => {
  it('hands a signed-in customer the access token for their own email', async () => {
    const customer = await signUpCustomer();
    const res = await requestToken(customer.email, { cookie: customer.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: matching(/^\S{16,}$/) });
  });

  it('gives a token that works as a bearer token on later calls', async () => {
    const customer = await signUpCustomer();
    const { token } = (await requestToken(customer.email, { cookie: customer.cookie })).json<{
      token: string;
    }>();
    const res = await checkAdmin(customer.email, { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ admin: false });
  });

  it('accepts the own email in any letter case', async () => {
    const customer = await signUpCustomer('customer@example.com');
    const res = await requestToken('Customer@Example.com', { cookie: customer.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: customer.token });
  });

  it("refuses the token for another account's email", async () => {
    const customer = await signUpCustomer('customer@example.com');
    const other = await signUpCustomer('other@example.com', 'Other Customer');
    const res = await requestToken(other.email, { cookie: customer.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(other.token);
    expect(res.body).not.toContain(customer.token);
  });

  it('answers 401 to a visitor with no session', async () => {
    const res = await requestToken('customer@example.com', visitor);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: someMessage });
  });
});

describe('POST /api/auth/sign-out', () => {
  it('signing out with the bearer token revokes it', async () => {
    const customer = await signUpCustomer();
    expect((await checkAdmin(customer.email, customer.bearer)).statusCode).toBe(200);

    const res = await signOut(customer.bearer);
    expect(res.statusCode).toBe(200);

    expect((await checkAdmin(customer.email, customer.bearer)).statusCode).toBe(401);
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/profile?userEmail=${customer.email}`,
      headers: customer.bearer,
    });
    expect(profile.statusCode).toBe(401);
  });

  it('signing out with the cookie revokes the session and its access token', async () => {
    const customer = await signUpCustomer();
    const res = await signOut({ cookie: customer.cookie });
    expect(res.statusCode).toBe(200);

    expect((await checkAdmin(customer.email, customer.bearer)).statusCode).toBe(401);
    expect((await checkAdmin(customer.email, { cookie: customer.cookie })).statusCode).toBe(401);
  });
});

describe('POST /api/sign-up', () => {
  it.each([
    [
      'without a name',
      { email: 'newbie@example.com', password: PASSWORD },
      'body.name',
      'Name is required',
    ],
    [
      'with an invalid email',
      { name: 'Newbie', email: 'not@valid@example.com', password: PASSWORD },
      'body.email',
      'provide a valid email',
    ],
    [
      'with a 7-character password',
      { name: 'Newbie', email: 'newbie@example.com', password: 'kx7q2mz' },
      'body.password',
      'Must be 8 characters or longer',
    ],
    [
      'with a password of spaces only',
      { name: 'Newbie', email: 'newbie@example.com', password: ' '.repeat(12) },
      'body.password',
      'Must be more than spaces',
    ],
    [
      'with one of the most common passwords',
      { name: 'Newbie', email: 'newbie@example.com', password: 'password1' },
      'body.password',
      'This password is too common: choose another',
    ],
    [
      'with a common password in capitals',
      { name: 'Newbie', email: 'newbie@example.com', password: 'Password123' },
      'body.password',
      'This password is too common: choose another',
    ],
  ] as const)(
    'refuses a sign-up %s with the form message on its field, and mails nothing',
    async (_c, body, field, message) => {
      const res = await attemptSignUp(t.app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: [{ field, message }] });
      expect(await t.app.database.db.select().from(pendingSignUps)).toEqual([]);
      expect(await t.app.database.db.select().from(outbox)).toEqual([]);
    },
  );

  it('takes a password of exactly 8 characters that is not a common one', async () => {
    const res = await attemptSignUp(t.app, {
      name: 'Newbie',
      email: 'newbie@example.com',
      password: 'kx7q2mzw',
    });
    expect(res.statusCode).toBe(202);
  });

  it.each([
    'john.doe@gmail.com',
    'anna-lena@example.de',
    "o'brien@example.ie",
    'x_y-z@a-b.example.museum',
  ])('creates the account of %s once its link is opened', async (email) => {
    const customer = await signUp(t.app, { name: 'Real Person', email, password: PASSWORD });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: customer.cookie },
    });
    expect(session.json<{ user: { email: string } }>().user.email).toBe(email);
  });

  it('takes a real address with dots, a plus tag and subdomains, stored lowercased, and signs in whatever its case', async () => {
    const customer = await signUp(t.app, {
      name: 'First Last',
      email: 'First.Last+Parts@Mail.Example.co.uk',
      password: PASSWORD,
    });
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: customer.cookie },
    });
    expect(session.json<{ user: { email: string } }>().user.email).toBe(
      'first.last+parts@mail.example.co.uk',
    );
    for (const email of [
      'first.last+parts@mail.example.co.uk',
      'FIRST.LAST+PARTS@MAIL.EXAMPLE.CO.UK',
    ]) {
      const signedIn = await signIn(t.app, email, PASSWORD);
      const profile = await t.app.inject({
        method: 'GET',
        url: `/api/profile?userEmail=${encodeURIComponent('first.last+parts@mail.example.co.uk')}`,
        headers: signedIn.bearer,
      });
      expect(profile.statusCode, email).toBe(200);
    }
  });

  it('keeps the first account of an address: a second sign-up changes nothing of it', async () => {
    const customer = await signUpCustomer('customer@example.com');
    const res = await attemptSignUp(t.app, {
      name: 'Impostor',
      email: 'Customer@Example.com',
      password: 'another-password',
    });
    expect(res.statusCode).toBe(202);
    expect(findSessionCookie(res.headers['set-cookie'])).toBeNull();
    expect(await t.app.database.db.select().from(pendingSignUps)).toEqual([]);

    const admin = await newAdmin(t.app, 'admin@example.com');
    expect((await listedEmails(admin)).sort()).toEqual([admin.email, customer.email].sort());
    const impostor = await attemptSignIn(t.app, {
      email: customer.email,
      password: 'another-password',
    });
    expect(impostor.statusCode).toBe(401);
    await signIn(t.app, customer.email, PASSWORD);
  });

  it('never makes an admin of a sign-up that asks for the admin role', async () => {
    const sneaky = await attemptSignUp(t.app, {
      name: 'Sneaky',
      email: 'sneaky@example.com',
      password: PASSWORD,
      role: 'admin',
    });
    expect(sneaky.statusCode).toBe(202);
    await attemptConfirmation(t.app, {
      token: await confirmationToken(t.app, 'sneaky@example.com'),
      password: PASSWORD,
    });
    const admin = await newAdmin(t.app, 'admin@example.com');
    const users = (await listUsers(admin.bearer)).json<{ email: string; role: string }[]>();
    expect(users.map((user) => [user.email, user.role]).sort()).toEqual([
      [admin.email, 'admin'],
      ['sneaky@example.com', 'user'],
    ]);
  });

  it("no longer opens Better Auth's own sign-up, which would make an account before its address is shown", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      remoteAddress: newClientAddress(),
      headers: browserHeaders,
      payload: { name: 'Direct', email: 'direct@example.com', password: PASSWORD },
    });
    expect(res.statusCode).toBe(404);
    expect(await t.app.database.db.select().from(usersTable)).toEqual([]);
  });
});

describe('POST /api/auth/sign-in/email', () => {
  it('refuses a wrong password with 401 and a message, and starts no session', async () => {
    const customer = await signUpCustomer();
    const res = await attemptSignIn(t.app, { email: customer.email, password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_SIGN_IN);
    expect(findSessionCookie(res.headers['set-cookie'])).toBeNull();
  });

  it('answers 429 with Retry-After once one address tries more than 3 times in 10 s', async () => {
    const customer = await signUpCustomer();
    const address = '192.0.2.7';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const res = await attemptSignIn(
        t.app,
        { email: customer.email, password: 'wrong-password' },
        address,
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401]);

    // Even the right password waits now, from this address.
    const limited = await attemptSignIn(
      t.app,
      { email: customer.email, password: PASSWORD },
      address,
    );
    expect(limited.statusCode).toBe(429);
    const retryAfter = String(limited.headers['retry-after']);
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(10);
    expect(findSessionCookie(limited.headers['set-cookie'])).toBeNull();

    const elsewhere = await attemptSignIn(
      t.app,
      { email: customer.email, password: PASSWORD },
      newClientAddress(),
    );
    expect(elsewhere.statusCode).toBe(200);
    expect(findSessionCookie(elsewhere.headers['set-cookie'])).not.toBeNull();
  });
});

describe('GET /api/admin/:email', () => {
  it('tells a customer asking about themselves that they are not an admin', async () => {
    const customer = await signUpCustomer();
    const res = await checkAdmin(customer.email, customer.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ admin: false });
  });

  it('refuses a customer asking about someone else', async () => {
    const customer = await signUpCustomer('customer@example.com');
    const admin = await newAdmin(t.app, 'admin@example.com');
    const res = await checkAdmin(admin.email, customer.bearer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty('admin');
  });

  it('lets an admin ask about any account, known or not', async () => {
    const admin = await newAdmin(t.app, 'admin@example.com');
    const customer = await signUpCustomer();
    expect((await checkAdmin(admin.email, admin.bearer)).json()).toEqual({ admin: true });
    expect((await checkAdmin(customer.email, admin.bearer)).json()).toEqual({ admin: false });
    const unknown = await checkAdmin('nobody@example.com', admin.bearer);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ admin: false });
  });

  it('answers 401 without a token', async () => {
    const admin = await newAdmin(t.app, 'admin@example.com');
    const res = await checkAdmin(admin.email, visitor);
    expect(res.statusCode).toBe(401);
  });

  it("gives a promoted customer's existing token admin rights on the next request", async () => {
    const admin = await newAdmin(t.app, 'admin@example.com');
    const customer = await signUpCustomer();
    expect((await listUsers(customer.bearer)).statusCode).toBe(403);

    expect((await makeAdmin(customer.email, admin.bearer)).statusCode).toBe(200);

    expect((await listUsers(customer.bearer)).statusCode).toBe(200);
    expect((await checkAdmin(customer.email, customer.bearer)).json()).toEqual({ admin: true });
  });
});

describe('GET /api/user', () => {
  it('answers 401 to a visitor', async () => {
    expect((await listUsers(visitor)).statusCode).toBe(401);
  });

  it('answers 403 to a customer', async () => {
    const customer = await signUpCustomer();
    const res = await listUsers(customer.bearer);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(customer.email);
  });

  it('lists every account for an admin, without passwords or tokens', async () => {
    const admin = await newAdmin(t.app, 'admin@example.com');
    const customer = await signUpCustomer('customer@example.com', 'Ada Customer');
    const res = await listUsers(admin.bearer);
    expect(res.statusCode).toBe(200);
    const isoTime = matching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    expect(res.json()).toEqual([
      {
        _id: someId,
        email: 'admin@example.com',
        name: 'Shop Admin',
        role: 'admin',
        createdAt: isoTime,
      },
      {
        _id: someId,
        email: 'customer@example.com',
        name: 'Ada Customer',
        role: 'user',
        createdAt: isoTime,
      },
    ]);
    expect(res.body).not.toMatch(/password|token|secret/i);
    expect(res.body).not.toContain(customer.token);
    expect(res.body).not.toContain(admin.token);
  });
});

describe('PUT /api/user/admin/:email', () => {
  it('answers 401 to a visitor', async () => {
    const customer = await signUpCustomer();
    expect((await makeAdmin(customer.email, visitor)).statusCode).toBe(401);
    expect((await checkAdmin(customer.email, customer.bearer)).json()).toEqual({ admin: false });
  });

  it('refuses a customer, and the target stays a customer', async () => {
    const customer = await signUpCustomer('customer@example.com');
    const other = await signUpCustomer('other@example.com', 'Other Customer');
    expect((await makeAdmin(other.email, customer.bearer)).statusCode).toBe(403);
    expect((await makeAdmin(customer.email, customer.bearer)).statusCode).toBe(403);
    expect((await checkAdmin(other.email, other.bearer)).json()).toEqual({ admin: false });
    expect((await checkAdmin(customer.email, customer.bearer)).json()).toEqual({ admin: false });
  });

  it('lets an admin make a customer admin', async () => {
    const admin = await newAdmin(t.app, 'admin@example.com');
    const customer = await signUpCustomer();
    const res = await makeAdmin(customer.email, admin.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    const users = (await listUsers(admin.bearer)).json<{ email: string; role: string }[]>();
    expect(users.find((user) => user.email === customer.email)?.role).toBe('admin');
  });

  it('reports nothing modified when the account is an admin already', async () => {
    const admin = await newAdmin(t.app, 'admin@example.com');
    const customer = await signUpCustomer();
    await makeAdmin(customer.email, admin.bearer);
    const again = await makeAdmin(customer.email, admin.bearer);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ modifiedCount: 0 });
  });

  it('answers 404 JSON for an unknown email', async () => {
    const admin = await newAdmin(t.app, 'admin@example.com');
    const res = await makeAdmin('nobody@example.com', admin.bearer);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, message: someMessage });
  });
});

describe('ADMIN_EMAILS', () => {
  // The squatter's side of this is in sign-up.test.ts.
  it('makes a listed email admin once its own link confirms it, and no other account', async () => {
    const shop = await createTestApp({
      auth: {
        secret: 'test-secret-that-is-long-enough-for-hmac-signing',
        adminEmails: ['boss@example.com'],
        google: null,
      },
    });
    try {
      const boss = await signUp(shop.app, { email: 'boss@example.com' });
      const customer = await signUp(shop.app, { email: 'customer@example.com' });
      const bossCheck = await shop.app.inject({
        method: 'GET',
        url: `/api/admin/${boss.email}`,
        headers: boss.bearer,
      });
      expect(bossCheck.json()).toEqual({ admin: true });
      const customerCheck = await shop.app.inject({
        method: 'GET',
        url: `/api/admin/${customer.email}`,
        headers: customer.bearer,
      });
      expect(customerCheck.json()).toEqual({ admin: false });
    } finally {
      await shop.close();
    }
  });
});

describe('profiles', () => {
  const details = {
    education: 'BSc Mechanical Engineering',
    location: 'Stuttgart',
    phone: '+49 711 123456',
    linkedin: 'https://www.linkedin.com/in/ada',
  };
  const emptyDetails = { education: '', location: '', phone: '', linkedin: '' };

  const getProfile = (email: string, headers: Headers) =>
    t.app.inject({
      method: 'GET',
      url: `/api/profile?userEmail=${encodeURIComponent(email)}`,
      headers,
    });

  const saveProfile = (
    method: 'POST' | 'PUT',
    email: string,
    headers: Headers,
    payload: Record<string, string>,
  ) => t.app.inject({ method, url: `/api/profile/${email}`, headers, payload });

  /** What the owner reads back (asserting the read itself succeeds). */
  async function readOwnProfile(caller: Caller) {
    const res = await getProfile(caller.email, caller.bearer);
    expect(res.statusCode).toBe(200);
    return res.json<Record<string, unknown>>();
  }

  it("shows the account's name and email with empty fields before anything is saved", async () => {
    const customer = await signUpCustomer('customer@example.com', 'Ada Customer');
    const res = await getProfile(customer.email, customer.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Ada Customer',
      email: 'customer@example.com',
      ...emptyDetails,
      saved: false,
    });
  });

  it('saves a new profile, which then reads back as saved', async () => {
    const customer = await signUpCustomer('customer@example.com', 'Ada Customer');
    const res = await saveProfile('POST', customer.email, customer.bearer, details);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ upsertedId: someId });
    expect(await readOwnProfile(customer)).toEqual({
      name: 'Ada Customer',
      email: 'customer@example.com',
      ...details,
      saved: true,
    });
  });

  it('refuses to create a profile twice, keeping the first values', async () => {
    const customer = await signUpCustomer();
    await saveProfile('POST', customer.email, customer.bearer, details);
    const again = await saveProfile('POST', customer.email, customer.bearer, {
      ...details,
      location: 'Turin',
    });
    expect(again.statusCode).toBe(409);
    expect(await readOwnProfile(customer)).toMatchObject({ location: 'Stuttgart' });
  });

  it('updates a saved profile', async () => {
    const customer = await signUpCustomer();
    await saveProfile('POST', customer.email, customer.bearer, details);
    const changed = { ...details, location: 'Turin', phone: '+39 011 765432' };
    const res = await saveProfile('PUT', customer.email, customer.bearer, changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect(await readOwnProfile(customer)).toMatchObject({ ...changed, saved: true });
  });

  it('answers 404 to an update before any profile exists, and saves nothing', async () => {
    const customer = await signUpCustomer();
    const res = await saveProfile('PUT', customer.email, customer.bearer, details);
    expect(res.statusCode).toBe(404);
    expect(await readOwnProfile(customer)).toMatchObject({ ...emptyDetails, saved: false });
  });

  it('ignores a name and email in the body: they always come from the account', async () => {
    const customer = await signUpCustomer('customer@example.com', 'Ada Customer');
    const forged = { name: 'Hacker', email: 'other@example.com' };
    expect(
      (await saveProfile('POST', customer.email, customer.bearer, { ...details, ...forged }))
        .statusCode,
    ).toBe(201);
    expect(
      (await saveProfile('PUT', customer.email, customer.bearer, { ...details, ...forged }))
        .statusCode,
    ).toBe(200);
    expect(await readOwnProfile(customer)).toMatchObject({
      name: 'Ada Customer',
      email: 'customer@example.com',
      saved: true,
    });
  });

  it("keeps another customer away from someone's saved profile", async () => {
    const owner = await signUpCustomer('customer@example.com', 'Ada Customer');
    const intruder = await signUpCustomer('other@example.com', 'Other Customer');
    await saveProfile('POST', owner.email, owner.bearer, details);

    const read = await getProfile(owner.email, intruder.bearer);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain(details.phone);
    const update = await saveProfile('PUT', owner.email, intruder.bearer, {
      ...details,
      phone: '000',
    });
    expect(update.statusCode).toBe(403);
    const create = await saveProfile('POST', owner.email, intruder.bearer, details);
    expect(create.statusCode).toBe(403);

    expect(await readOwnProfile(owner)).toMatchObject({ ...details, saved: true });
    expect(await readOwnProfile(intruder)).toMatchObject({ ...emptyDetails, saved: false });
  });

  it("keeps another customer from creating someone's profile", async () => {
    const owner = await signUpCustomer('customer@example.com', 'Ada Customer');
    const intruder = await signUpCustomer('other@example.com', 'Other Customer');
    const create = await saveProfile('POST', owner.email, intruder.bearer, details);
    expect(create.statusCode).toBe(403);
    expect(await readOwnProfile(owner)).toMatchObject({ ...emptyDetails, saved: false });
    expect(await readOwnProfile(intruder)).toMatchObject({ ...emptyDetails, saved: false });
  });

  it('answers 401 to a visitor on every profile call', async () => {
    const customer = await signUpCustomer();
    expect((await getProfile(customer.email, visitor)).statusCode).toBe(401);
    expect((await saveProfile('POST', customer.email, visitor, details)).statusCode).toBe(401);
    expect((await saveProfile('PUT', customer.email, visitor, details)).statusCode).toBe(401);
    expect(await readOwnProfile(customer)).toMatchObject({ saved: false });
  });

  it.each(['education', 'location', 'phone', 'linkedin'] as const)(
    'refuses a %s longer than 200 characters, naming the field, and stores nothing',
    async (field) => {
      const customer = await signUpCustomer();
      const res = await saveProfile('POST', customer.email, customer.bearer, {
        ...details,
        [field]: 'x'.repeat(201),
      });
      expect(res.statusCode).toBe(400);
      const body = res.json<{ fields?: { field: string }[] }>();
      expect(body.fields?.map((f) => f.field)).toEqual([`body.${field}`]);
      expect(await readOwnProfile(customer)).toMatchObject({ ...emptyDetails, saved: false });
    },
  );

  it('accepts a field of exactly 200 characters', async () => {
    const customer = await signUpCustomer();
    const education = 'x'.repeat(200);
    const res = await saveProfile('POST', customer.email, customer.bearer, {
      ...details,
      education,
    });
    expect(res.statusCode).toBe(201);
    expect(await readOwnProfile(customer)).toMatchObject({ education });
  });
});

describe('GET /api/sign-in-options', () => {
  it('offers no Google sign-in when Google is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sign-in-options' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: false });
  });
});

describe('identity endpoints the shop has no page for', () => {
  it('keeps a customer from renaming the account around the shop rules', async () => {
    const customer = await signUpCustomer();
    for (const name of ['', 'z'.repeat(5000)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/update-user',
        headers: { ...browserHeaders, ...customer.bearer },
        payload: { name },
      });
      expect(res.statusCode).toBe(404);
    }
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/profile?userEmail=${customer.email}`,
      headers: customer.bearer,
    });
    expect(profile.json()).toMatchObject({ name: 'Ada Customer' });
  });
});
