import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Raised when a directory the shop keeps its data in cannot be made its owner's alone. */
export class DataDirNotPrivateError extends Error {
  constructor(file: string, why: string) {
    super(
      `Apex Parts keeps its data where only the user running it may read it, and ${file} ${why}. ` +
        'Give that user its own DATA_DIR (and BACKUP_DIR), owned by it alone.',
    );
    this.name = 'DataDirNotPrivateError';
  }
}

/** Read, write or search for the group or anyone: the bits no file of the shop's may carry. */
const SHARED_BITS = 0o077;

/**
 * Makes `dir` and everything in it reachable by the shop's own user only (directories 0700,
 * files 0600), whatever the umask they were made under, as PostgreSQL refuses to start on a data
 * directory others can read. The embedded database's files hold sessions, whose tokens sign
 * anyone in. Links are left alone (a link's mode means nothing; what it points to is not ours).
 * Throws `DataDirNotPrivateError` for a file it cannot make private (another user's).
 */
export function makeOwnerOnly(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const uid = process.getuid?.();
  const visit = (file: string) => {
    const stats = lstatSync(file);
    if (stats.isSymbolicLink()) return;
    if (uid !== undefined && stats.uid !== uid) {
      throw new DataDirNotPrivateError(file, `belongs to another user (uid ${stats.uid})`);
    }
    if ((stats.mode & SHARED_BITS) !== 0) {
      chmodSync(file, stats.isDirectory() ? 0o700 : 0o600);
      if ((lstatSync(file).mode & SHARED_BITS) !== 0) {
        throw new DataDirNotPrivateError(
          file,
          'cannot be made private (its file system ignores modes)',
        );
      }
    }
    if (stats.isDirectory()) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    }
  };
  visit(dir);
}

/**
 * The process makes every later file private too: PGlite, uploads, backups and the files the shop
 * writes itself are created under this mask, whatever the shell's was.
 */
export function createFilesPrivately(): void {
  process.umask(0o077);
}
