import { eq, inArray } from 'drizzle-orm';

import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { Auth } from '../../plugins/auth/better-auth';

/** Logins for trying the shop out; they exist only where demo data is on (never by default on PostgreSQL). */
export const demoLogins = [
  { role: 'admin', name: 'Demo Admin', email: 'admin@example.com', password: 'admin123' },
  {
    role: 'customer',
    name: 'Demo Customer',
    email: 'customer@example.com',
    password: 'customer123',
  },
] as const;

/** Creates the demo admin and customer once; returns the logins that exist. */
export async function ensureDemoAccounts(db: Database, auth: Auth) {
  const existing = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        demoLogins.map((login) => login.email),
      ),
    );
  const known = new Set(existing.map((row) => row.email));
  for (const login of demoLogins) {
    if (known.has(login.email)) continue;
    await auth.api.signUpEmail({
      body: { name: login.name, email: login.email, password: login.password },
    });
    if (login.role === 'admin') {
      await db.update(users).set({ role: 'admin' }).where(eq(users.email, login.email));
    }
  }
  return demoLogins;
}
