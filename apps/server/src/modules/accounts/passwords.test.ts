import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { attemptSignUp, signIn, signUp } from '../../../test/accounts-helpers';
import { lightPasswordHashing } from '../../../test/light-passwords';
import { createTestDatabase, testConfig } from '../../../test/test-app';
import { buildApp } from '../../app';
import { accounts, pendingSignUps, users } from '../../db/schema';

// Every other suite's shop hashes with a cheaper scrypt (test/light-passwords.ts); this one is
// built as the server builds it, so what the shop stores is what Better Auth makes and checks.
describe('passwords as the shop stores them', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(database.config));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('are hashed with Better Auth’s scrypt, at sign-up and on the account it makes', async () => {
    const password = 'a-long-track-day-password';
    const pendingEmail = 'pending@example.com';
    expect(
      (await attemptSignUp(app, { name: 'Pending', email: pendingEmail, password })).statusCode,
    ).toBe(202);
    const [pending] = await app.database.db
      .select({ hash: pendingSignUps.passwordHash })
      .from(pendingSignUps)
      .where(eq(pendingSignUps.email, pendingEmail));

    const customer = await signUp(app, { password });
    const [stored] = await app.database.db
      .select({ hash: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, customer.email));

    for (const hash of [pending?.hash ?? '', stored?.hash ?? '']) {
      expect(await verifyPassword({ hash, password })).toBe(true);
      // Not the tests' cheaper hashing: its key for the same salt differs.
      expect(await lightPasswordHashing.verify({ hash, password })).toBe(false);
    }
    expect((await signIn(app, customer.email, password)).bearer).toBeDefined();
  });
});
