import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { create as createTar, extract as extractTar } from 'tar';
import { z } from 'zod';

import type { DatabaseDump } from '../../db/snapshot';

/** The archive's own layout: the manifest, the dump and the pictures it names. */
const MANIFEST = 'manifest.json';
const DATABASE = 'database.sql';
const PICTURES = 'pictures';
/** The names an archive may hold: nothing that could lead out of where it is unpacked. */
const ENTRY_NAME = /^(database\.sql|pictures\/\w[\w.-]*)$/;

const CountsSchema = z.object({
  parts: z.number().int(),
  orders: z.number().int(),
  users: z.number().int(),
  pictures: z.number().int(),
});

/** What a backup says of itself; read back from an archive that may have been tampered with. */
const BackupManifestSchema = z.object({
  format: z.literal(1),
  shopVersion: z.string(),
  takenAt: z.string(),
  /** The database the dump came from: its SQL restores into the same kind. */
  database: z.enum(['pglite', 'postgres']),
  schema: z.object({ migration: z.string(), appliedAt: z.number() }).nullable(),
  counts: CountsSchema,
  /** Every other file of the archive and the SHA-256 of its bytes. */
  files: z.record(z.string(), z.string()),
});

export type BackupManifest = z.infer<typeof BackupManifestSchema>;

/** An archive that cannot be trusted: named so an operator knows which part is wrong. */
export class DamagedBackupError extends Error {
  constructor(file: string, what: string) {
    super(`The backup ${file} is damaged: ${what}. Restore from another backup.`);
    this.name = 'DamagedBackupError';
  }
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * The shop's picture store, when pictures are not files in `uploadsDir`: backups read the
 * pictures from it and restores write them back into it.
 */
export interface BackupPictures {
  get(name: string): Promise<{ body: Readable } | null>;
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  exists(name: string): Promise<boolean>;
}

/**
 * Writes one archive (gzip'd tar) of a dump and the pictures it names, with a manifest of what it
 * holds. It is written beside `file` and renamed into place, so a file with the backup's name is
 * always a whole one.
 */
export async function writeArchive({
  file,
  dump,
  database,
  shopVersion,
  schemaMigration,
  uploadsDir,
  pictures,
}: {
  file: string;
  dump: DatabaseDump;
  database: BackupManifest['database'];
  shopVersion: string;
  schemaMigration: (appliedAt: number) => string;
  uploadsDir: string;
  /** The picture store when it is not `uploadsDir` (an S3-compatible bucket). */
  pictures?: BackupPictures | undefined;
}): Promise<BackupManifest> {
  const staging = await mkdtemp(path.join(tmpdir(), 'apex-backup-'));
  try {
    await writeFile(path.join(staging, DATABASE), dump.sql);
    await mkdir(path.join(staging, PICTURES));
    const files: Record<string, string> = {
      [DATABASE]: await sha256(path.join(staging, DATABASE)),
    };
    for (const name of dump.facts.pictures) {
      const entry = `${PICTURES}/${name}`;
      const stored = pictures
        ? await pictures.get(name)
        : { body: createReadStream(path.join(uploadsDir, name)) };
      try {
        if (!stored) throw new Error('missing');
        await pipeline(stored.body, createWriteStream(path.join(staging, entry)));
      } catch {
        throw new Error(
          `The picture ${name}, which a part names, is missing from ` +
            `${pictures ? 'the picture bucket' : uploadsDir}: the backup would not bring it back.`,
        );
      }
      files[entry] = await sha256(path.join(staging, entry));
    }
    const { migration } = dump.facts;
    const manifest: BackupManifest = {
      format: 1,
      shopVersion,
      takenAt: new Date().toISOString(),
      database,
      schema: migration
        ? { migration: schemaMigration(migration.appliedAt), appliedAt: migration.appliedAt }
        : null,
      counts: { ...dump.facts.counts, pictures: dump.facts.pictures.length },
      files,
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    const partial = `${file}.partial`;
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await createTar({ file: partial, cwd: staging, gzip: true, portable: true }, [
      MANIFEST,
      DATABASE,
      PICTURES,
    ]);
    // It holds every account's password hash: readable by its owner only.
    await chmod(partial, 0o600);
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** An archive unpacked and checked, file by file, against its manifest. */
export interface OpenedArchive {
  manifest: BackupManifest;
  sql: string;
  /** The pictures' file names, each at `path.join(picturesDir, name)`. */
  pictures: string[];
  picturesDir: string;
  close(): Promise<void>;
}

export async function openArchive(file: string): Promise<OpenedArchive> {
  const dir = await mkdtemp(path.join(tmpdir(), 'apex-restore-'));
  // Retried: after a failed extraction, the last files may still be closing.
  const close = () => rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  try {
    try {
      // Strict: a truncated or corrupted stream is an error, not a warning and a shorter list.
      await extractTar({ file, cwd: dir, strict: true });
    } catch (error) {
      throw new DamagedBackupError(
        file,
        `it is not a whole archive (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const manifest = await readFile(path.join(dir, MANIFEST), 'utf8').then(
      (text) => BackupManifestSchema.safeParse(JSON.parse(text)).data,
      () => undefined,
    );
    if (!manifest) {
      throw new DamagedBackupError(file, `${MANIFEST} is missing, or not one this shop wrote`);
    }
    const present = [
      ...(await readdir(dir)).filter((name) => name !== MANIFEST && name !== PICTURES),
      ...(await readdir(path.join(dir, PICTURES)).catch(() => [])).map(
        (name) => `${PICTURES}/${name}`,
      ),
    ];
    for (const entry of present) {
      if (!(entry in manifest.files)) {
        throw new DamagedBackupError(file, `${entry} is not listed in its manifest`);
      }
    }
    for (const [entry, expected] of Object.entries(manifest.files)) {
      if (!ENTRY_NAME.test(entry)) {
        throw new DamagedBackupError(file, `its manifest names a file it cannot hold (${entry})`);
      }
      const actual = await sha256(path.join(dir, entry)).catch(() => null);
      if (actual === null) throw new DamagedBackupError(file, `${entry} is missing`);
      if (actual !== expected) {
        throw new DamagedBackupError(file, `${entry} does not match its checksum`);
      }
    }
    return {
      manifest,
      sql: await readFile(path.join(dir, DATABASE), 'utf8'),
      pictures: Object.keys(manifest.files)
        .filter((entry) => entry.startsWith(`${PICTURES}/`))
        .map((entry) => entry.slice(PICTURES.length + 1)),
      picturesDir: path.join(dir, PICTURES),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
