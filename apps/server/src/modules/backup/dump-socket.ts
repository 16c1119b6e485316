import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { DatabaseDump } from '../../db/snapshot';

/**
 * The embedded database belongs to the one process that opened it, so `npm run backup` cannot
 * read it while the shop runs: it asks the shop, through this socket beside the data directory
 * (`data` has `.data.backup.sock`). Not inside it: the dump copies the data directory, and a
 * socket is not a file that can be copied. Only its owner can connect (the socket is 0600), who
 * can read the whole directory anyway; the socket gives them a consistent copy, not a torn one.
 */
export const dumpSocketPath = (dataDir: string) =>
  path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.backup.sock`);

/** Answers each connection with `{facts}` as a JSON line, then the dump's SQL. */
export async function serveDumps(
  socketPath: string,
  dump: () => Promise<DatabaseDump>,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  // A socket file left by a crashed shop would make listen fail; the data directory's lock
  // (held by now) says no other shop uses it.
  await rm(socketPath, { force: true });
  const server = net.createServer((connection) => {
    connection.on('error', () => undefined);
    dump().then(
      ({ facts, sql }) => {
        connection.write(`${JSON.stringify({ facts })}\n`);
        connection.end(sql);
      },
      (error: unknown) => {
        log.error({ err: error }, 'A backup asked for a dump of the database, which failed');
        const reason = error instanceof Error ? error.message : JSON.stringify(error);
        connection.end(`${JSON.stringify({ error: reason })}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
    });
}

/** Asks the shop running on a data directory for a dump of its database. */
export function requestDump(socketPath: string): Promise<DatabaseDump> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.connect(socketPath);
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `A shop is running on this data directory but did not answer at ${socketPath} ` +
            `(${error.code ?? error.message}): restart it with this version, or stop it and ` +
            'run the backup again.',
        ),
      ),
    );
    connection.on('end', () => {
      const all = Buffer.concat(chunks);
      const newline = all.indexOf('\n');
      const head = JSON.parse(all.subarray(0, newline).toString('utf8')) as
        { facts: DatabaseDump['facts'] } | { error: string };
      if ('error' in head) reject(new Error(`The running shop could not dump: ${head.error}`));
      else resolve({ facts: head.facts, sql: all.subarray(newline + 1).toString('utf8') });
    });
  });
}
