import { randomUUID } from 'node:crypto';
import { createReadStream, mkdirSync } from 'node:fs';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A stored picture file, as the shop reads it back. */
export interface StoredPicture {
  body: Readable;
  length: number;
}

/**
 * Where picture files live: a directory (the default) or an S3-compatible bucket. Names are flat
 * (`<sha256>.<ext>`, `<sha256>-<width>.webp`); callers check them before they get here.
 */
export interface PictureStore {
  /** Stores a file whole or not at all; storing a name again replaces it and renews its age. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none by that name. */
  get(name: string): Promise<StoredPicture | null>;
  exists(name: string): Promise<boolean>;
  /** Every file with the time it was last stored. */
  list(): AsyncIterable<{ name: string; storedAt: Date }>;
  /** Removes a file; one already gone is no error (another instance may have swept it). */
  remove(name: string): Promise<void>;
  /** Lets go of connections when the shop closes. */
  close(): void;
}

/** Pictures as files in `dir` (DATA_DIR/uploads): today's store, and the default. */
export function createLocalPictureStore(dir: string): PictureStore {
  mkdirSync(dir, { recursive: true });
  const fileOf = (name: string) => path.join(dir, name);
  return {
    async put(name, bytes) {
      // Written aside, then renamed: a reader never sees half a picture.
      const partial = fileOf(`.${randomUUID()}.partial`);
      await writeFile(partial, bytes);
      await rename(partial, fileOf(name));
    },
    async get(name) {
      const info = await stat(fileOf(name)).catch(() => null);
      if (!info?.isFile()) return null;
      return { body: createReadStream(fileOf(name)), length: info.size };
    },
    async exists(name) {
      return (await stat(fileOf(name)).catch(() => null))?.isFile() ?? false;
    },
    async *list() {
      for (const name of await readdir(dir)) {
        // Gone already (another instance swept it): skipped.
        const info = await stat(fileOf(name)).catch(() => null);
        if (info?.isFile()) yield { name, storedAt: info.mtime };
      }
    },
    async remove(name) {
      await rm(fileOf(name), { force: true });
    },
    close: () => undefined,
  };
}
