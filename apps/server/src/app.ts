import sensible from '@fastify/sensible';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import { apiRoutes } from './api';
import type { Config } from './config';
import { type DatabaseHandle, IN_MEMORY, openDatabase } from './db/client';
import { seedDemoData } from './db/seed';
import { startBackgroundJobs } from './jobs';
import type { Caches } from './lib/json-cache';
import { loggerOptions, type LogStream } from './lib/logging';
import { openLimitCounters } from './lib/rate-limit-store';
import { authPlugin } from './modules/accounts/auth';
import { prepareDemoAccounts } from './modules/accounts/demo-accounts';
import { betterAuthHashing, type PasswordHashing } from './modules/accounts/passwords';
import { dumpSocketPath, serveDumps } from './modules/backup/dump-socket';
import { lastGoodBackup } from './modules/backup/schedule';
import type { PartImages } from './modules/catalog/part-images';
import { partPageRoutes } from './modules/catalog/part-page';
import { partImageRoutes } from './modules/catalog/serve-part-images';
import type { Catalog } from './modules/catalog/service';
import { sitemapRoutes } from './modules/catalog/sitemap';
import type { Contact } from './modules/contact/service';
import type { MailSender } from './modules/mail/sender';
import type { Orders } from './modules/orders/service';
import type { Reviews } from './modules/reviews/service';
import { errorsPlugin } from './plugins/errors';
import { httpCachingPlugin } from './plugins/http-caching';
import { limitsPlugin } from './plugins/limits';
import { openapiPlugin } from './plugins/openapi';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import { textInputPlugin } from './plugins/text-input';
import { createServices } from './services';
import { fastifyTrustProxy } from './trust-proxy';

export interface RouteEntry {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
    database: DatabaseHandle;
    catalog: Catalog;
    partImages: PartImages;
    reviews: Reviews;
    /** Every cache this instance keeps; tests drop them all between tests. */
    caches: Caches;
    /** Delivers the outbox; tests run a pass of it at will. */
    mailSender: MailSender;
    orders: Orders;
    /** The contact form's questions; tests send their digest at will. */
    contact: Contact;
  }
}

export const JSON_BODY_LIMIT = 64 * 1024;
/** How long a client has to send a whole request, as the README documents. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** Builds the whole shop (API and web app) from a configuration; the caller decides to listen. */
export async function buildApp(
  config: Config,
  {
    logStream,
    database: opened,
    passwords = betterAuthHashing,
  }: {
    logStream?: LogStream;
    /** The configured database, already opened (the server opens it while this module loads). */
    database?: DatabaseHandle;
    /** Better Auth's scrypt unless a test gives a cheaper one. */
    passwords?: PasswordHashing;
  } = {},
): Promise<FastifyInstance> {
  const database = opened ?? (await openDatabase(config.database));
  const logging = loggerOptions(config, logStream);
  const app = Fastify({
    ...logging.options,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Slow or stuck clients must not hold connections for ever: a request, body included, has
    // REQUEST_TIMEOUT_MS to arrive. Node checks that only every `connectionsCheckingInterval`
    // (30 s by default), and only with the timeout given when the server is made, so both are
    // given here; otherwise a body sent a byte a second was held for 60–90 s.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { requestTimeout: REQUEST_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    connectionTimeout: 60_000,
    // The shop's JSON bodies are small (a description is at most 2,000 characters); picture
    // uploads set their own, larger limit.
    bodyLimit: JSON_BODY_LIMIT,
    // While shutting down, new requests are told to go elsewhere instead of waiting.
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // Added first, so it runs after every other onClose hook, when nothing more will be logged.
  app.addHook('onClose', (_instance, done) => {
    logging.flush();
    done();
  });
  try {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('database', database);
    // The routes the shop answers, as registered (with their prefixes): the authorization
    // matrix test walks this list, so a route added without an entry there fails it.
    const routeTable: RouteEntry[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routeTable.push({ method, url: route.url });
      }
    });
    app.decorate('routeTable', routeTable);
    // Every answer names its request, so a customer's report can be found in the logs.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    // `npm run backup` reaches the embedded database through the shop that holds it.
    if (config.database.kind === 'pglite' && config.database.dataDir !== IN_MEMORY) {
      const socketPath = dumpSocketPath(config.database.dataDir);
      try {
        app.addHook('onClose', await serveDumps(socketPath, () => database.dump(), app.log));
      } catch (error) {
        // The shop runs on; only a backup taken from the command line while it runs is lost.
        app.log.warn(
          { err: error, socketPath },
          'npm run backup cannot reach this shop: stop it to take a backup by hand',
        );
      }
    }
    app.addHook('onClose', async () => database.close());

    const justSeeded = config.seedDemo && (await seedDemoData(database.db));
    if (justSeeded) app.log.info('The shop was empty: demo parts, reviews and accounts added');

    const services = await createServices(config, database, app.log, passwords);
    // Every committed write to a cached table, this instance's or another's, reaches its caches
    // (decision 003).
    app.addHook('onClose', await database.listenForChanges(services.caches, app.log));
    app.addHook('onClose', async () => services.closePictureFiles());
    app.decorate('caches', services.caches);
    app.decorate('catalog', services.catalog);
    app.decorate('partImages', services.partImages);
    app.decorate('reviews', services.reviews);
    app.decorate('mailSender', services.mailSender);
    app.decorate('orders', services.orders);
    app.decorate('contact', services.contact);
    startBackgroundJobs(app, config, database, services);

    await app.register(sensible);
    await app.register(errorsPlugin);
    await app.register(textInputPlugin);
    await app.register(securityPlugin, { config });
    // Without Redis each process counts on its own, as the embedded database's one process does
    // anyway: several instances on PostgreSQL share their counts only through Redis.
    const { redis, counters } = await openLimitCounters(config.limits.redisUrl, app.log);
    if (redis) {
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => undefined);
      });
    }
    // Before the identity endpoints are registered (by the auth plugin), which it limits too.
    await app.register(limitsPlugin, { config, redis, counters });
    await app.register(authPlugin, {
      config,
      rateLimitStore: counters,
      recordAudit: services.auditLog.record,
      passwords,
    });
    // After the limits: each puts its check first on the routes that take writes, and a forged
    // request must be refused before it counts against its victim's limit.
    await app.register(sameOriginPlugin, { config });
    await prepareDemoAccounts(database.db, app.auth, {
      justSeeded,
      dataDir: config.dataDir,
      log: app.log,
    });
    if (config.metricsToken) {
      const { metricsPlugin } = await import('./plugins/metrics');
      await app.register(metricsPlugin, {
        token: config.metricsToken,
        lastGoodBackup: () => lastGoodBackup(database.db),
      });
    }
    await app.register(httpCachingPlugin);
    await app.register(openapiPlugin);
    await app.register(apiRoutes, { prefix: '/api', config, database, services });
    await app.register(partImageRoutes, { images: services.partImages });
    await app.register(sitemapRoutes, { catalog: services.catalog, shop: config.publicUrl });
    // Without the built web app (the API alone, beside Vite) the app's pages are not ours to serve.
    if (config.webDist) {
      await app.register(partPageRoutes, {
        catalog: services.catalog,
        webDist: config.webDist,
        shop: config.publicUrl,
      });
    }
    await app.register(spaPlugin, { webDist: config.webDist });
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
