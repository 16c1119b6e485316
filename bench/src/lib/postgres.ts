// A throwaway PostgreSQL database for one run (named apex_bench_…), created through psql on the
// server that TEST_DATABASE_URL (or BENCH_DATABASE_URL) names, and dropped afterwards.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export function adminDatabaseUrl(): string {
  return (
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/test'
  );
}

async function psql(url: string, sql: string): Promise<void> {
  await run('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql], { timeout: 30_000 });
}

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createBenchDatabase(adminUrl: string): Promise<BenchDatabase> {
  const name = `apex_bench_${process.pid}_${Date.now().toString(36)}`;
  await psql(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.href,
    async drop() {
      if (dropped) return;
      dropped = true;
      await psql(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
