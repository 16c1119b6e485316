import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { useTestApp } from '../../test/test-app';
import { PGliteKeepingStatements } from './pglite-kept-statements';

const notes = pgTable('notes', { id: integer().primaryKey(), body: text().notNull() });

/** PGlite's own query, as every statement ran before. */
const ownQuery = (pglite: PGlite, ...args: Parameters<PGlite['query']>) =>
  PGlite.prototype.query.apply(pglite, args);

/**
 * The statements the database holds prepared that mention `table`, by their text, as PGlite's
 * own query reads them.
 */
async function preparedTexts(pglite: PGlite, table: string): Promise<string[]> {
  const { rows } = await ownQuery(
    pglite,
    'select statement from pg_prepared_statements where statement like $1 order by prepare_time, name',
    [`%${table}%`],
  );
  return rows.map((row) => (row as { statement: string }).statement);
}

async function openWithNotes(capacity?: number) {
  const pglite = await PGliteKeepingStatements.open('memory://', {}, capacity);
  await pglite.exec('create table notes (id int primary key, body text not null)');
  return pglite;
}

// The embedded database only: PostgreSQL servers are reached through node-postgres.
const onPglite = process.env.TEST_DB !== 'postgres';

describe.runIf(onPglite)('kept statements on PGlite', () => {
  let kept: PGliteKeepingStatements;
  beforeAll(async () => {
    kept = await openWithNotes();
  });
  afterAll(() => kept.close());
  beforeEach(() => kept.exec('truncate notes'));

  it('answers every type of value exactly as PGlite’s own query does', async () => {
    const cases: [string, unknown[]][] = [
      [
        `select $1::timestamptz as at, $2::jsonb as facts, $3::int[] as counts, $4::text as nothing,
                $5::boolean as yes, $6::bigint as big, $7::uuid as id, $8::numeric as price`,
        [
          new Date('2026-11-27T10:00:00.123Z'),
          { lines: [{ name: 'Brake kit', quantity: 2 }], quoted: 'it\'s "fine"' },
          [1, 2, 3],
          null,
          true,
          9_007_199_254_740_993n,
          '0b0f1e52-3d5a-4d8a-9c2b-6e0f8f0c2a11',
          '12.50',
        ],
      ],
      ['select $1::text || $2::text as joined', ['fünf ', 'Räder 🏎']],
      ['select generate_series(1, $1::int) as n', [3]],
      ['select 1 as one where false', []],
    ];
    for (const [query, params] of cases) {
      const own = await ownQuery(kept, query, params);
      const ours = await kept.query(query, params);
      expect(ours.rows).toEqual(own.rows);
      expect(ours.fields).toEqual(own.fields);
      const asArrays = await kept.query(query, params, { rowMode: 'array' });
      expect(asArrays.rows).toEqual(
        (await ownQuery(kept, query, params, { rowMode: 'array' })).rows,
      );
    }
    const insert = 'insert into notes (id, body) values ($1, $2), ($3, $4)';
    expect((await kept.query(insert, [1, 'a', 2, 'b'])).affectedRows).toBe(2);
  });

  it('parses and plans a text once, however often it runs', async () => {
    const read = 'select body from notes where id = $1';
    await kept.query('insert into notes (id, body) values ($1, $2)', [1, 'first']);
    for (let run = 0; run < 5; run += 1) {
      expect((await kept.query<{ body: string }>(read, [1])).rows).toEqual([{ body: 'first' }]);
    }
    expect(await preparedTexts(kept, read)).toEqual([read]);
  });

  it('past its capacity closes the statement run least recently', async () => {
    const small = await PGliteKeepingStatements.open('memory://', {}, 3);
    try {
      // PGlite's start ran statements of its own: they are the least recent.
      for (const text of ['select 1 as a', 'select 2 as b', 'select 1 as a', 'select 3 as c']) {
        await small.query(text);
      }
      // The fourth text: `select 2` was run least recently, and is closed as this one runs.
      const { rows } = await small.query<{ statement: string }>(
        'select statement from pg_prepared_statements order by statement',
      );
      expect(rows.map((row) => row.statement)).toEqual([
        'select 1 as a',
        'select 3 as c',
        'select statement from pg_prepared_statements order by statement',
      ]);
      // A closed text runs again: prepared anew.
      expect((await small.query('select 2 as b')).rows).toEqual([{ b: 2 }]);
    } finally {
      await small.close();
    }
  });

  it('reports a failing statement as PGlite does, keeps no text that does not parse, and goes on', async () => {
    const insert = 'insert into notes (body, id) values ($1, $2)';
    await kept.query(insert, ['first', 1]);
    await expect(kept.query(insert, ['again', 1])).rejects.toMatchObject({
      code: '23505',
      table: 'notes',
    });
    await expect(kept.query('selec body from notes', [])).rejects.toMatchObject({
      code: '42601',
    });
    expect(await preparedTexts(kept, 'selec body')).toEqual([]);
    expect(await preparedTexts(kept, insert)).toEqual([insert]);
    await expect(kept.query('select count(*)::int as n from notes')).resolves.toMatchObject({
      rows: [{ n: 1 }],
    });
  });

  it('runs a transaction’s statements in it: all of them commit, or none', async () => {
    const db = drizzle({ client: kept });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 1, body: 'kept?' });
        await tx.insert(notes).values({ id: 1, body: 'clash' });
      }),
    ).rejects.toThrow();
    expect(await db.select().from(notes)).toEqual([]);
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ id: 2, body: 'in' });
      // A savepoint, as a nested transaction makes one, rolls back alone.
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(notes).values({ id: 3, body: 'rolled back' });
          throw new Error('undo the inner one');
        }),
      ).rejects.toThrow('undo the inner one');
    });
    expect(await db.select().from(notes)).toEqual([{ id: 2, body: 'in' }]);
    expect(await preparedTexts(kept, 'notes')).toContain(
      'insert into "notes" ("id", "body") values ($1, $2)',
    );
  });

  it('lets no statement in between a transaction’s', async () => {
    const db = drizzle({ client: kept });
    const counted: number[] = [];
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ id: 1, body: 'one' });
        await tx.execute(sql`select pg_sleep(0.05)`);
        await tx.insert(notes).values({ id: 2, body: 'two' });
      }),
      ...Array.from({ length: 20 }, async () => {
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notes);
        counted.push(row?.n ?? -1);
      }),
    ]);
    // Each read saw the transaction whole or not at all, never one of its two rows.
    expect(counted.filter((n) => n !== 0 && n !== 2)).toEqual([]);
  });
});

describe.runIf(onPglite)('the shop on PGlite', () => {
  const t = useTestApp();

  it('keeps the statements it runs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/parts' });
    expect(response.statusCode).toBe(200);
    const result = await t.app.database.db.execute(
      sql`select statement from pg_prepared_statements`,
    );
    const { rows } = result as { rows: { statement: string }[] };
    expect(rows.some((row) => /from "parts"/.test(row.statement))).toBe(true);
  });
});
