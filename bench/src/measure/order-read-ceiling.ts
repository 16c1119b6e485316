// The bare reads the order reads on PostgreSQL are judged beside (decision 018).
import { writeFileSync } from 'node:fs';
import path from 'node:path';

import { expectStatus, request } from '../lib/http';
import { type RunningServer, startServer } from '../lib/server-process';
import { withSql } from '../lib/sql';
import type { Session } from '../session';
import { PORTS } from '../settings';
import { ORDER_READS, type OrderRead, type ReadRequest, type Statement } from './order-reads';

/**
 * The read ceiling on the history's PostgreSQL database, answering each read (at
 * `/reads/<its index in ORDER_READS>`) with the body, ETag and type the shop answers it with
 * now. Each statement is run once first, and must read the orders the shop's page shows (and
 * one more exactly when the page has a `next`): a ceiling reading another page would judge
 * nothing.
 */
export async function startReadCeiling(
  session: Session,
  base: string,
  databaseUrl: string,
  reads: Record<OrderRead, ReadRequest>,
): Promise<RunningServer> {
  const answers = [];
  for (const read of ORDER_READS) {
    const { path: address, token, statement } = reads[read];
    const answer = await expectStatus(
      request(base, 'GET', address, { headers: { authorization: `Bearer ${token}` } }),
      200,
      read,
    );
    if (statement) await expectSamePage(databaseUrl, read, statement, answer.body);
    answers.push({
      body: answer.body,
      etag: answer.headers.etag ?? null,
      contentType: String(answer.headers['content-type']),
      statement,
    });
  }
  const readsFile = path.join(session.work, 'order-reads.json');
  writeFileSync(readsFile, JSON.stringify(answers));
  return startServer({
    program: 'read-ceiling',
    port: PORTS.readCeiling,
    cwd: session.cwd,
    env: { CEILING_READS_FILE: readsFile, DATABASE_URL: databaseUrl },
  });
}

async function expectSamePage(
  databaseUrl: string,
  read: OrderRead,
  statement: Statement,
  shopBody: string,
): Promise<void> {
  const shown = JSON.parse(shopBody) as { orders: { _id: string }[]; next: string | null };
  const rows = (await withSql({ url: databaseUrl }, (db) =>
    db.query(statement.text, statement.values),
  )) as { rows: { id: string }[] };
  const ids = rows.rows.map((row) => row.id);
  const expected = shown.orders.map((order) => order._id);
  const same =
    ids.length === expected.length + (shown.next ? 1 : 0) &&
    expected.every((id, i) => ids[i] === id);
  if (!same) throw new Error(`the ceiling of "${read}" reads other orders than the shop shows`);
}
