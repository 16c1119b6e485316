import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestDatabase, useTestApp } from '../../test/test-app';
import { KEPT_STATEMENTS } from './database';
import { ClientKeepingStatements } from './postgres-kept-statements';

const notes = pgTable('notes', { id: integer().primaryKey(), body: text().notNull() });

const onPostgres = process.env.TEST_DB === 'postgres';

/** What the connection holds prepared, read on that same connection. */
async function preparedTexts(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by prepare_time, name',
  );
  return rows.map((row) => row.statement);
}

describe.runIf(onPostgres)('kept statements on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let url: string;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.config.kind !== 'postgres') throw new Error('a PostgreSQL database');
    url = database.config.url;
    // One connection: what it holds prepared is what every statement below left there.
    pool = new pg.Pool({ connectionString: url, max: 1, Client: ClientKeepingStatements });
    await pool.query('create table notes (id int primary key, body text not null)');
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });
  beforeEach(async () => {
    await pool.query('truncate notes');
  });

  it('prepares a text once on its connection, however often it runs', async () => {
    const db = drizzle({ client: pool });
    await db.insert(notes).values({ id: 1, body: 'first' });
    for (let run = 0; run < 5; run += 1) {
      expect(
        await db
          .select()
          .from(notes)
          .where(sql`${notes.id} = ${1}`),
      ).toEqual([{ id: 1, body: 'first' }]);
    }
    const client = await pool.connect();
    try {
      const texts = await preparedTexts(client);
      expect(texts.filter((statement) => statement.startsWith('select'))).toEqual([
        'select "id", "body" from "notes" where "notes"."id" = $1',
      ]);
      expect(texts).toContain('insert into "notes" ("id", "body") values ($1, $2)');
    } finally {
      client.release();
    }
  });

  it('answers every type of value as an unnamed statement does', async () => {
    const query = `select $1::timestamptz as at, $2::jsonb as facts, $3::int[] as counts,
                          $4::text as nothing, $5::boolean as yes, $6::numeric as price`;
    const values = [
      new Date('2026-11-27T10:00:00.123Z'),
      JSON.stringify({ lines: [{ name: 'Brake kit', quantity: 2 }] }),
      [1, 2, 3],
      null,
      true,
      '12.50',
    ];
    const plain = new pg.Client({ connectionString: url });
    await plain.connect();
    try {
      const own = await plain.query({ text: query, values, rowMode: 'array' });
      for (let run = 0; run < 3; run += 1) {
        const kept = await pool.query({ text: query, values, rowMode: 'array' });
        expect(kept.rows).toEqual(own.rows);
      }
    } finally {
      await plain.end();
    }
  });

  it('keeps a statement through a failed run and a rolled-back transaction', async () => {
    const db = drizzle({ client: pool });
    await db.insert(notes).values({ id: 1, body: 'first' });
    await expect(db.insert(notes).values({ id: 1, body: 'again' })).rejects.toMatchObject({
      cause: { code: '23505' },
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 2, body: 'rolled back' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await db.insert(notes).values({ id: 3, body: 'third' });
    expect(await db.select().from(notes).orderBy(notes.id)).toEqual([
      { id: 1, body: 'first' },
      { id: 3, body: 'third' },
    ]);
    await expect(pool.query({ text: 'selec 1' })).rejects.toMatchObject({ code: '42601' });
    expect((await pool.query({ text: 'select 2 as two' })).rows).toEqual([{ two: 2 }]);
  });

  it(`keeps at most ${KEPT_STATEMENTS} texts on a connection, and runs the rest unnamed`, async () => {
    for (let n = 0; n <= KEPT_STATEMENTS + 10; n += 1) {
      expect((await pool.query({ text: `select ${n}::int as n` })).rows).toEqual([{ n }]);
    }
    const client = await pool.connect();
    try {
      const texts = await preparedTexts(client);
      expect(texts.length).toBeLessThanOrEqual(KEPT_STATEMENTS);
      expect(texts).not.toContain(`select ${KEPT_STATEMENTS + 10}::int as n`);
    } finally {
      client.release();
    }
  });
});

describe.runIf(onPostgres)('the shop on PostgreSQL', () => {
  const t = useTestApp();

  it('keeps the statements its connections run', async () => {
    const texts = await t.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`select count(*) from parts`);
      const result = await tx.execute(sql`select statement from pg_prepared_statements`);
      return (result as { rows: { statement: string }[] }).rows;
    });
    expect(texts.map((row) => row.statement)).toContain('select count(*) from parts');
  });
});
