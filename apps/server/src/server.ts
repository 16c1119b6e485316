import { existsSync } from 'node:fs';

import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { createFilesPrivately, DataDirNotPrivateError, makeOwnerOnly } from './db/private-data-dir';
import { trustProxyNotice } from './trust-proxy';

// Requests in flight get this long to finish on shutdown before the process gives up on them.
const SHUTDOWN_GRACE_MS = 4_000;

/** The Node the shop is built and tested on (decision 019); `npm install` brings it. */
const NODE_MAJOR = 24;

async function main(): Promise<void> {
  if (Number(process.versions.node.split('.')[0]) < NODE_MAJOR) {
    console.error(
      `Apex Parts runs on Node ${NODE_MAJOR}, not ${process.version}: run it with ` +
        'node_modules/.bin/node, which npm install puts there (npm start does).',
    );
    process.exit(1);
  }
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // Before anything is opened or written: the data is its owner's alone (decision 009).
  createFilesPrivately();
  makeOwnerOnly(config.dataDir);
  if (config.backups) makeOwnerOnly(config.backups.dir);
  // Start-up time is mostly two waits: loading the app's modules and opening the database
  // (PGlite compiles its WebAssembly). They overlap here instead of running one after the other.
  const [database, { buildApp }] = await Promise.all([
    openDatabase(config.database),
    import('./app'),
  ]);
  // PGlite writes a new database's first files with modes of its own, past the umask.
  makeOwnerOnly(config.dataDir);
  const app = await buildApp(config, { database });

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('requests still open after the grace period; exiting anyway');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ host: config.host, port: config.port });
  const where = config.database.kind === 'pglite' ? config.database.dataDir : 'PostgreSQL';
  const proxy = trustProxyNotice(config);
  app.log.info(
    { node: process.version },
    `Apex Parts is open at ${config.publicUrl.origin} (data: ${where}, ${proxy.named})`,
  );
  if (proxy.warning) app.log.warn(proxy.warning);
  if (!config.webDist) app.log.warn('No built web app found: serving the API only');
}

main().catch((error: unknown) => {
  // Start-up problems an operator can fix get a plain sentence, not a stack trace.
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof DataDirNotPrivateError
  ) {
    console.error(error.message);
  } else {
    console.error('Apex Parts could not start:', error);
  }
  process.exit(1);
});
