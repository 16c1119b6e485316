import { existsSync } from 'node:fs';
import path from 'node:path';

import { ConfigError, type DatabaseConfig, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { createFilesPrivately, makeOwnerOnly } from './db/private-data-dir';
import { type DatabaseDump, PgToolMissingError } from './db/snapshot';
import { type BackupManifest, DamagedBackupError } from './modules/backup/archive';
import { dumpSocketPath, requestDump } from './modules/backup/dump-socket';
import {
  backupFileName,
  restoreBackup,
  RestoreRefusedError,
  takeBackup,
} from './modules/backup/service';

const USAGE = 'Usage: npm run backup -- [file]   |   npm run restore -- <file>';

/**
 * A dump of the configured database. The embedded one is opened here when no shop runs on it;
 * when one does, it holds the database, and is asked for the dump instead.
 */
async function dumpDatabase(database: DatabaseConfig): Promise<DatabaseDump> {
  if (database.kind === 'pglite' && !existsSync(path.join(database.dataDir, 'PG_VERSION'))) {
    throw new ConfigError([`DATA_DIR: there is no shop database in ${database.dataDir}`]);
  }
  let opened;
  try {
    opened = await openDatabase(database, { migrate: false });
  } catch (error) {
    if (error instanceof DataDirInUseError && database.kind === 'pglite') {
      return requestDump(dumpSocketPath(database.dataDir));
    }
    throw error;
  }
  try {
    return await opened.dump();
  } finally {
    await opened.close();
  }
}

function printCounts(title: string, manifest: BackupManifest, restored?: BackupManifest['counts']) {
  console.log(title);
  const rows = Object.entries(manifest.counts).map(([name, count]) => {
    const got = restored?.[name as keyof BackupManifest['counts']];
    return `  ${name.padEnd(9)} ${String(count).padStart(7)}${got === undefined ? '' : `   restored ${String(got).padStart(7)}`}`;
  });
  console.log(rows.join('\n'));
}

async function main([command, file]: string[]): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // A backup holds everything the shop keeps; what it writes is its owner's alone, as the shop's.
  createFilesPrivately();
  // Pictures in a bucket are backed up from it and restored into it.
  const pictures = config.s3
    ? (await import('./modules/catalog/s3-picture-store')).createS3PictureStore(config.s3)
    : undefined;
  if (command === 'backup') {
    const target = path.resolve(file ?? backupFileName());
    const manifest = await takeBackup({
      dump: () => dumpDatabase(config.database),
      database: config.database.kind,
      uploadsDir: config.uploadsDir,
      pictures,
      file: target,
    });
    printCounts(
      `Backup written to ${target} (schema ${manifest.schema?.migration ?? 'none'}):`,
      manifest,
    );
    return 0;
  }
  if (command === 'restore' && file) {
    makeOwnerOnly(config.dataDir);
    const { manifest, restored } = await restoreBackup({
      file: path.resolve(file),
      database: config.database,
      uploadsDir: config.uploadsDir,
      pictures,
    });
    printCounts(`Restored the backup taken ${manifest.takenAt}:`, manifest, restored);
    const whole = Object.entries(manifest.counts).every(
      ([name, count]) => restored[name as keyof typeof restored] === count,
    );
    if (!whole) {
      console.error('The restored shop does not hold what the backup lists: do not start on it.');
      return 1;
    }
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = [
      ConfigError,
      DataDirInUseError,
      DamagedBackupError,
      RestoreRefusedError,
      PgToolMissingError,
    ];
    if (known.some((kind) => error instanceof kind)) console.error((error as Error).message);
    else console.error('The backup command failed:', error);
    process.exit(1);
  },
);
