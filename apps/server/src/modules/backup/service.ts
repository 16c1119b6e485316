import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

import { count, inArray } from 'drizzle-orm';
import { pgSchema, text } from 'drizzle-orm/pg-core';

import type { DatabaseConfig } from '../../config';
import { openDatabase, PGLITE_OPTIONS } from '../../db/client';
import { acquireDataDirLock, LOCK_FILE } from '../../db/data-dir-lock';
import {
  type DatabaseDump,
  restorePglite,
  restorePostgres,
  snapshotFacts,
} from '../../db/snapshot';
import { migrationsFolder, serverRoot } from '../../paths';
import { type BackupManifest, type BackupPictures, openArchive, writeArchive } from './archive';

const informationSchemaTables = pgSchema('information_schema').table('tables', {
  tableSchema: text().notNull(),
});

interface Migration {
  tag: string;
  when: number;
}

/** The schema migrations this version of the shop knows, oldest first (drizzle's journal). */
function knownMigrations(): Migration[] {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: Migration[] };
  return journal.entries;
}

function shopVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? 'unknown';
}

/** A backup file's default name: sorts by time, and says what it is. */
export const backupFileName = (at = new Date()) =>
  `apex-parts-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;

export const isBackupFileName = (name: string) => /^apex-parts-[\dT-]+Z\.tar\.gz$/.test(name);

/**
 * Takes a backup into `file`: a dump of one consistent snapshot of the database, and the uploaded
 * pictures that snapshot names. The shop keeps serving meanwhile.
 */
export async function takeBackup({
  dump,
  database,
  uploadsDir,
  pictures,
  file,
}: {
  dump: () => Promise<DatabaseDump>;
  database: DatabaseConfig['kind'];
  uploadsDir: string;
  /** The picture store when it is not `uploadsDir` (an S3-compatible bucket). */
  pictures?: BackupPictures | undefined;
  file: string;
}): Promise<BackupManifest> {
  const migrations = knownMigrations();
  return writeArchive({
    file,
    dump: await dump(),
    database,
    shopVersion: shopVersion(),
    schemaMigration: (appliedAt) =>
      migrations.find((migration) => migration.when === appliedAt)?.tag ?? String(appliedAt),
    uploadsDir,
    pictures,
  });
}

/** The type a picture file holds, by the extension the shop gave it. */
const pictureType = (name: string) =>
  name.endsWith('.png') ? 'image/png' : name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp';

/** A restore that must not go ahead, for a reason the operator can act on. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** Whether a directory holds anything but an empty uploads folder and this process's lock. */
async function holdsFiles(dir: string, uploadsDir: string): Promise<boolean> {
  for (const name of await readdir(dir).catch(() => [])) {
    const entry = path.join(dir, name);
    if (name === LOCK_FILE) continue;
    if (entry === uploadsDir && !(await holdsFiles(uploadsDir, uploadsDir))) continue;
    return true;
  }
  return false;
}

export interface RestoreReport {
  manifest: BackupManifest;
  restored: BackupManifest['counts'];
}

/**
 * Restores a backup into an empty database (and uploads folder): refused for a damaged archive
 * (checksums), a schema newer than this shop knows, another kind of database, or a database that
 * holds data or that a running shop uses.
 */
export async function restoreBackup({
  file,
  database,
  uploadsDir,
  pictures,
}: {
  file: string;
  database: DatabaseConfig;
  uploadsDir: string;
  /** The picture store when it is not `uploadsDir`: the pictures go back into it. */
  pictures?: BackupPictures | undefined;
}): Promise<RestoreReport> {
  if (!existsSync(file)) throw new RestoreRefusedError(`There is no backup at ${file}.`);
  const archive = await openArchive(file);
  try {
    const { manifest } = archive;
    const newest = knownMigrations().at(-1);
    if (manifest.schema && newest && manifest.schema.appliedAt > newest.when) {
      throw new RestoreRefusedError(
        `The backup ${file} was taken by a newer version of the shop (schema ` +
          `${manifest.schema.migration}, this one knows up to ${newest.tag}). ` +
          'Restore it with that version or a later one.',
      );
    }
    if (manifest.database !== database.kind) {
      throw new RestoreRefusedError(
        `The backup ${file} holds ${describe(manifest.database)}; this shop is configured for ` +
          `${describe(database.kind)}. Restore it into the same kind of database.`,
      );
    }

    if (database.kind === 'pglite') {
      // The lock keeps a running shop out (and this restore out of a running shop's directory).
      const lock = acquireDataDirLock(database.dataDir);
      try {
        if (await holdsFiles(database.dataDir, uploadsDir)) {
          throw new RestoreRefusedError(
            `The data directory ${database.dataDir} already holds a shop. Restore into an ` +
              'empty directory (a new DATA_DIR), then start the shop on it.',
          );
        }
        try {
          await restorePglite(database.dataDir, PGLITE_OPTIONS, archive.sql);
        } catch (error) {
          // Half a database is worse than none: leave the directory as empty as it was.
          await emptyDirectory(database.dataDir);
          throw error;
        }
      } finally {
        lock.release();
      }
    } else {
      const target = await openDatabase(database, { migrate: false });
      try {
        const [tables] = await target.db
          .select({ n: count() })
          .from(informationSchemaTables)
          .where(inArray(informationSchemaTables.tableSchema, ['public', 'drizzle']));
        if ((tables?.n ?? 0) > 0) {
          throw new RestoreRefusedError(
            'The database DATABASE_URL names already holds tables (a shop runs on it, or ran): ' +
              'restore into a new, empty database.',
          );
        }
      } finally {
        await target.close();
      }
      // A bucket may hold pictures already: they are named by their content, so the backup's
      // own can only be the same bytes again.
      if (!pictures && (await holdsFiles(uploadsDir, uploadsDir))) {
        throw new RestoreRefusedError(
          `The pictures folder ${uploadsDir} is not empty: restore into an empty one.`,
        );
      }
      await restorePostgres(database.url, archive.sql);
    }

    if (!pictures) await mkdir(uploadsDir, { recursive: true });
    for (const name of archive.pictures) {
      const from = path.join(archive.picturesDir, name);
      if (pictures) await pictures.put(name, await readFile(from), pictureType(name));
      else await copyFile(from, path.join(uploadsDir, name));
    }

    const restored = await openDatabase(database, { migrate: false });
    try {
      const facts = await snapshotFacts(restored.db);
      const present = pictures ? [] : await readdir(uploadsDir);
      let restoredPictures = 0;
      for (const name of facts.pictures) {
        if (pictures ? await pictures.exists(name) : present.includes(name)) restoredPictures++;
      }
      return { manifest, restored: { ...facts.counts, pictures: restoredPictures } };
    } finally {
      await restored.close();
    }
  } finally {
    await archive.close();
  }
}

const describe = (kind: DatabaseConfig['kind']) =>
  kind === 'pglite' ? 'the embedded database' : 'a PostgreSQL server';

async function emptyDirectory(dir: string): Promise<void> {
  for (const name of await readdir(dir)) {
    if (name !== LOCK_FILE) await rm(path.join(dir, name), { recursive: true, force: true });
  }
}
