import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { openDatabase, PGLITE_OPTIONS } from '../src/db/client';
import { migrationsFolder } from '../src/paths';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty PGlite database: each test file starts from a copy. */
    pgliteTemplate: string;
    /** A migrated, empty database on the PostgreSQL server: each test file's is made from it. */
    postgresTemplate: string;
  }
}

/**
 * Runs once per run of each server suite: migrating a new database costs a start of PGlite
 * (initdb, seconds) or every migration on PostgreSQL, a copy of a migrated one a fraction of it.
 */
export default async function setup(project: TestProject) {
  return project.config.env.TEST_DB === 'postgres'
    ? postgresTemplate(project)
    : pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
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

async function postgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `apex_template_${randomUUID().replaceAll('-', '')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Migrated as the shop migrates, then closed: PostgreSQL copies a template nobody is connected to.
  const migrated = await openDatabase({ kind: 'postgres', url: url.toString() });
  await migrated.close();
  project.provide('postgresTemplate', name);
  return () => onServer(`drop database if exists ${name} with (force)`);
}
