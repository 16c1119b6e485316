import { randomBytes, randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../db/client';
import { accounts, sessions, shopSettings, users } from '../../db/schema';
import type { Auth } from './auth/better-auth';

/** The demo admin and customer an empty embedded shop starts with. */
const demoAccounts = [
  {
    role: 'admin',
    name: 'Demo Admin',
    email: 'admin@example.com',
    // What earlier versions gave every install, and printed in the README.
    publishedPassword: 'admin123',
  },
  {
    role: 'customer',
    name: 'Demo Customer',
    email: 'customer@example.com',
    publishedPassword: 'customer123',
  },
] as const;

export interface DemoLogin {
  role: 'admin' | 'customer';
  email: string;
  password: string;
}

/** Where the demo logins are written, beside the shop's data, readable by its owner only. */
export const DEMO_LOGINS_FILE = 'demo-logins.json';

/** Recorded once no demo account accepts a password that was ever published. */
const PUBLISHED_PASSWORDS_RETIRED_SETTING = 'demo-passwords-retired';

// No 0/o, 1/l/i: a password read off a terminal is typed without guessing.
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Four groups of four random letters and digits (some 78 bits): `k7mq-x3vd-9pfa-w2hn`. */
export function generateDemoPassword(): string {
  return Array.from({ length: 4 }, () =>
    Array.from(
      { length: 4 },
      () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)] ?? '',
    ).join(''),
  ).join('-');
}

interface DemoLoginsFile {
  note: string;
  logins: DemoLogin[];
}

function readDemoLogins(file: string): DemoLogin[] {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DemoLoginsFile>;
    return Array.isArray(parsed.logins) ? parsed.logins : [];
  } catch {
    return [];
  }
}

/**
 * Writes the logins to DATA_DIR/demo-logins.json (mode 0600, as Jenkins keeps its first admin
 * password), keeping those of other demo accounts already there. Written whole under another
 * name, then renamed, so a reader never sees half a file.
 */
function writeDemoLogins(dataDir: string, logins: DemoLogin[]): string {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DEMO_LOGINS_FILE);
  const changed = new Set(logins.map((login) => login.email));
  const content: DemoLoginsFile = {
    note:
      'The demo accounts of this shop, with the passwords generated on its first start. ' +
      'Delete this file once you no longer need it.',
    logins: [...readDemoLogins(file).filter((login) => !changed.has(login.email)), ...logins],
  };
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  renameSync(temporary, file);
  return file;
}

/**
 * Creates the demo admin and customer with generated passwords (only in a shop just seeded).
 * Their addresses count as verified: nobody can open a link sent to example.com, and the demo
 * should show the shop as a verified customer sees it. No verification mail is queued.
 */
async function createDemoAccounts(db: Database, auth: Auth): Promise<DemoLogin[]> {
  const { internalAdapter, password: hasher } = await auth.$context;
  const logins: DemoLogin[] = [];
  for (const account of demoAccounts) {
    const password = generateDemoPassword();
    const user = await internalAdapter.createUser(
      {
        name: account.name,
        email: account.email,
        emailVerified: true,
      },
      { method: 'email-password' },
    );
    await internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await hasher.hash(password),
    });
    if (account.role === 'admin') {
      await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    }
    logins.push({ role: account.role, email: account.email, password });
  }
  return logins;
}

/**
 * Gives every demo account that still accepts its once-published password a generated one, and
 * signs out whoever had signed in with it. Runs until it has found none, then never again.
 */
async function retirePublishedPasswords(db: Database, auth: Auth): Promise<DemoLogin[]> {
  const [done] = await db
    .select({ key: shopSettings.key })
    .from(shopSettings)
    .where(eq(shopSettings.key, PUBLISHED_PASSWORDS_RETIRED_SETTING));
  if (done) return [];
  const { password: hasher } = await auth.$context;
  const retired: DemoLogin[] = [];
  for (const account of demoAccounts) {
    // The row stays locked while it is checked and changed: servers starting together change
    // it once, and only one of them announces a password.
    const login = await db.transaction(async (tx) => {
      const [credential] = await tx
        .select({ id: accounts.id, userId: accounts.userId, hash: accounts.password })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(eq(users.email, account.email), eq(accounts.providerId, 'credential')))
        .for('update', { of: accounts });
      if (!credential?.hash) return null;
      const published = await hasher.verify({
        hash: credential.hash,
        password: account.publishedPassword,
      });
      if (!published) return null;
      const password = generateDemoPassword();
      await tx
        .update(accounts)
        .set({ password: await hasher.hash(password), updatedAt: new Date() })
        .where(eq(accounts.id, credential.id));
      await tx.delete(sessions).where(eq(sessions.userId, credential.userId));
      return { role: account.role, email: account.email, password };
    });
    if (login) retired.push(login);
  }
  await db
    .insert(shopSettings)
    .values({ key: PUBLISHED_PASSWORDS_RETIRED_SETTING, value: 'done' })
    .onConflictDoNothing();
  return retired;
}

/**
 * The demo accounts at start-up: created with generated passwords when the demo data was just
 * seeded, and any demo account from an earlier version that still takes its published password
 * gets a generated one. New passwords are shown once, in the start-up output, and kept in
 * DATA_DIR/demo-logins.json; they never reach the log otherwise.
 */
export async function prepareDemoAccounts(
  db: Database,
  auth: Auth,
  { justSeeded, dataDir, log }: { justSeeded: boolean; dataDir: string; log: FastifyBaseLogger },
): Promise<void> {
  // A shop seeded just now has no published password to retire.
  const logins = justSeeded
    ? await createDemoAccounts(db, auth)
    : await retirePublishedPasswords(db, auth);
  if (justSeeded) {
    await db
      .insert(shopSettings)
      .values({ key: PUBLISHED_PASSWORDS_RETIRED_SETTING, value: 'done' })
      .onConflictDoNothing();
  }
  if (logins.length === 0) return;
  const file = writeDemoLogins(dataDir, logins);
  for (const login of logins) {
    log.warn(
      `Demo ${login.role} login: ${login.email} / ${login.password} ` +
        `(shown this once; also in ${file})`,
    );
  }
}
