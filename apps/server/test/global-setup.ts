import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';

import { PGLITE_OPTIONS } from '../src/db/client';
import { migrationsFolder } from '../src/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty PGlite database: each test file starts from a copy. */
    pgliteTemplate: string;
  }
}

/**
 * Runs once per run of the PGlite suite: creating a PGlite database costs seconds (initdb), a
 * copy of this one under a second.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'apex-pglite-template-'));
  const client = await PGlite.create(PGLITE_OPTIONS);
  await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder });
  const file = path.join(dir, 'migrated.tar');
  await writeFile(file, new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteTemplate', file);
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}
