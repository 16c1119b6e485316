import { httpErrors } from '@fastify/sensible';
import { and, asc, desc, eq, ne, or } from 'drizzle-orm';

import {
  ADMIN_LIST_PAGE_SIZE,
  type AdminUsersPage,
  type AdminUsersQuery,
  type Profile,
  type ProfileInput,
  type User,
} from '@apex/contract';

import type { Database } from '../../db/client';
import { profiles, type UserRow, users } from '../../db/schema';
import type { AuditEntry, RecordAudit } from '../../lib/audit';
import type { Viewer } from '../../lib/identity';
import {
  decodeCursor,
  olderThanPosition,
  positionTime,
  startsWith,
  toCursorPage,
} from '../../lib/keyset';

export function toUserJson(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'user',
    createdAt: row.createdAt.toISOString(),
  };
}

// Better Auth's ids are random letters and digits; accounts made by hand use UUIDs.
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** What the Users list asks for, as conditions on `users`; each shape has its index. */
export function adminUsersWhere({ q, cursor }: AdminUsersQuery) {
  return and(
    q ? or(startsWith(users.email, q), startsWith(users.name, q)) : undefined,
    olderThanPosition(users.createdAt, users.id, decodeCursor(cursor, USER_ID), 'text'),
  );
}

/** One page of the Users list and the row after it, which says whether another page follows. */
export function adminUserRows(db: Database, query: AdminUsersQuery, limit: number) {
  return db
    .select({ user: users, id: users.id, position: positionTime(users.createdAt) })
    .from(users)
    .where(adminUsersWhere(query))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit + 1);
}

/** Only the account itself may act on its email (the spec's client sent any email it liked). */
function assertOwnEmail(viewer: Viewer, email: string): void {
  if (viewer.email !== email.toLowerCase()) {
    throw httpErrors.forbidden('You can only do this for your own account');
  }
}

export function createAccounts(
  db: Database,
  {
    recordAudit,
    onAccountChanged,
  }: {
    recordAudit: RecordAudit;
    /** After a committed change to an account: this instance's callers kept go at once. */
    onAccountChanged: () => void;
  },
) {
  async function findUser(email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
    return row;
  }

  return {
    /** The access token for the caller's own session, which bearer calls then present. */
    issueAccessToken(viewer: Viewer, email: string): { token: string } {
      assertOwnEmail(viewer, email);
      return { token: viewer.sessionToken };
    },

    async listUsers(): Promise<User[]> {
      const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.email));
      return rows.map(toUserJson);
    },

    /** The Users list, a page at a time, newest first; by the start of an address or a name. */
    async pageOfUsers(
      query: AdminUsersQuery,
      limit = ADMIN_LIST_PAGE_SIZE,
    ): Promise<AdminUsersPage> {
      const rows = await adminUserRows(db, query, limit);
      const { page, next } = toCursorPage(rows, limit);
      return { users: page.map((row) => toUserJson(row.user)), next };
    },

    /** Makes an account admin; 0 modified when it already was one. */
    async makeAdmin(actor: AuditEntry['actor'], email: string): Promise<{ modifiedCount: number }> {
      const user = await findUser(email);
      if (!user) throw httpErrors.notFound('There is no account with this email');
      const made = await db.transaction(async (tx) => {
        const changed = await tx
          .update(users)
          .set({ role: 'admin', updatedAt: new Date() })
          .where(and(eq(users.id, user.id), ne(users.role, 'admin')))
          .returning({ id: users.id });
        if (changed.length > 0) {
          await recordAudit(tx, {
            actor,
            action: 'user.make-admin',
            subject: { type: 'user', id: user.id },
            before: { email: user.email, role: user.role },
            after: { email: user.email, role: 'admin' },
          });
        }
        return { modifiedCount: changed.length };
      });
      // The new admin's very next request, through this instance, sees the role.
      if (made.modifiedCount > 0) onAccountChanged();
      return made;
    },

    /** Whether an email belongs to an admin; others may only ask about themselves. */
    async isAdmin(viewer: Viewer, email: string): Promise<{ admin: boolean }> {
      if (viewer.role !== 'admin') assertOwnEmail(viewer, email);
      const user = await findUser(email);
      return { admin: user?.role === 'admin' };
    },

    async getProfile(viewer: Viewer, email: string): Promise<Profile> {
      assertOwnEmail(viewer, email);
      const [row] = await db.select().from(profiles).where(eq(profiles.userId, viewer.id));
      return {
        name: viewer.name,
        email: viewer.email,
        education: row?.education ?? '',
        location: row?.location ?? '',
        phone: row?.phone ?? '',
        linkedin: row?.linkedin ?? '',
        saved: Boolean(row),
      };
    },

    async createProfile(
      viewer: Viewer,
      email: string,
      input: ProfileInput,
    ): Promise<{ upsertedId: string }> {
      assertOwnEmail(viewer, email);
      const inserted = await db
        .insert(profiles)
        .values({ userId: viewer.id, ...input })
        .onConflictDoNothing()
        .returning({ userId: profiles.userId });
      if (inserted.length === 0) {
        throw httpErrors.conflict('This profile exists already: update it instead');
      }
      return { upsertedId: viewer.id };
    },

    async updateProfile(
      viewer: Viewer,
      email: string,
      input: ProfileInput,
    ): Promise<{ modifiedCount: number }> {
      assertOwnEmail(viewer, email);
      const updated = await db
        .update(profiles)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(profiles.userId, viewer.id))
        .returning({ userId: profiles.userId });
      if (updated.length === 0) {
        throw httpErrors.notFound('There is no profile yet: create it first');
      }
      return { modifiedCount: updated.length };
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
