import compress from '@fastify/compress';
import sensible from '@fastify/sensible';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';

import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { seedDemoData } from './db/seed';
import { loggerOptions, type LogStream } from './lib/logging';
import { createDatabaseRateLimitStore } from './lib/rate-limit-store';
import { ensureDemoAccounts } from './modules/accounts/demo-accounts';
import { accountRoutes } from './modules/accounts/routes';
import { createAccounts } from './modules/accounts/service';
import { auditRoutes } from './modules/audit/routes';
import { createAuditLog } from './modules/audit/service';
import { createPartImages, type PartImages, servePartImages } from './modules/catalog/part-images';
import { catalogRoutes } from './modules/catalog/routes';
import { type Catalog, createCatalog } from './modules/catalog/service';
import { healthRoutes } from './modules/health/routes';
import { orderPaymentRoutes, stripeWebhookRoutes } from './modules/orders/payment-routes';
import { orderRoutes } from './modules/orders/routes';
import { createOrders } from './modules/orders/service';
import { createBuiltinProvider } from './modules/payments/builtin-provider';
import { builtinPaymentRoutes } from './modules/payments/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { createReviews, type Reviews } from './modules/reviews/service';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { limitsPlugin } from './plugins/limits';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';
import { textInputPlugin } from './plugins/text-input';

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
  }
}

export const JSON_BODY_LIMIT = 64 * 1024;

/** Builds the whole shop (API and web app) from a configuration; the caller decides to listen. */
export async function buildApp(
  config: Config,
  {
    logStream,
    database: opened,
  }: {
    logStream?: LogStream;
    /** The configured database, already opened (the server opens it while this module loads). */
    database?: DatabaseHandle;
  } = {},
): Promise<FastifyInstance> {
  const database = opened ?? (await openDatabase(config.database));
  const app = Fastify({
    ...loggerOptions(config, logStream),
    trustProxy: config.trustProxy,
    // Slow or stuck clients must not hold connections for ever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // The shop's JSON bodies are small (a description is at most 2,000 characters); picture
    // uploads set their own, larger limit.
    bodyLimit: JSON_BODY_LIMIT,
    // While shutting down, new requests are told to go elsewhere instead of waiting.
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

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
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('onClose', async () => database.close());

    if (config.seedDemo && (await seedDemoData(database.db))) {
      app.log.info('The shop was empty: demo parts and reviews added');
    }

    const partImages = createPartImages(config.uploadsDir, {
      imagesInUse: () => app.catalog.imagesInUse(),
    });
    app.decorate('partImages', partImages);
    // Admins' changes are written to the audit log by the services that make them.
    const auditLog = createAuditLog(database.db);
    app.decorate(
      'catalog',
      createCatalog(database.db, {
        checkImage: (image) => partImages.checkImage(image),
        storeImage: (bytes) => partImages.store(bytes),
        recordAudit: auditLog.record,
      }),
    );
    const stopSweeping = partImages.sweepRegularly(app.log);
    app.addHook('onClose', async () => stopSweeping());
    app.decorate('reviews', createReviews(database.db));

    await app.register(sensible);
    await app.register(errorsPlugin);
    await app.register(textInputPlugin);
    await app.register(securityPlugin, { config });
    // Redis's client loads only when Redis is configured: every module costs start-up time.
    const rateLimitStore = config.limits.redisUrl
      ? (await import('./lib/redis-rate-limit-store')).createRedisRateLimitStore(
          config.limits.redisUrl,
          app.log,
        )
      : createDatabaseRateLimitStore(database.db);
    app.addHook('onClose', () => rateLimitStore.close());
    await app.register(authPlugin, { config, rateLimitStore });
    await app.register(limitsPlugin, { config, store: rateLimitStore });
    if (config.seedDemo) {
      for (const login of await ensureDemoAccounts(database.db, app.auth)) {
        app.log.info(`Demo ${login.role} login: ${login.email} / ${login.password}`);
      }
    }
    if (config.metricsToken) {
      const { metricsPlugin } = await import('./plugins/metrics');
      await app.register(metricsPlugin, { token: config.metricsToken });
    }
    await app.register(compress, { encodings: ['gzip', 'deflate'], threshold: 1024 });
    await app.register(openapiPlugin);
    await app.register(
      async (api) => {
        await api.register(healthRoutes);
        await api.register(catalogRoutes);
        await api.register(reviewRoutes);
        await api.register(accountRoutes, {
          accounts: createAccounts(database.db, { recordAudit: auditLog.record }),
          google: config.auth.google !== null,
        });
        // Orders move stock, which the catalogue shows: it reloads after each change.
        const orders = createOrders(database.db, {
          onStockChanged: () => app.catalog.invalidate(),
          recordAudit: auditLog.record,
        });
        await api.register(orderRoutes, { orders });
        await api.register(auditRoutes, { auditLog });
        const payments = config.payments;
        if (payments.provider === 'stripe') {
          const { createStripeClient, createStripeProvider } =
            await import('./modules/payments/stripe-provider');
          const stripe = createStripeClient(payments);
          await api.register(orderPaymentRoutes, {
            orders,
            provider: createStripeProvider(stripe),
            publicConfig: { provider: 'stripe', publishableKey: payments.publishableKey },
          });
          if (payments.webhookSecret) {
            await api.register(stripeWebhookRoutes, {
              orders,
              stripe,
              webhookSecret: payments.webhookSecret,
            });
          }
        } else {
          const builtin = createBuiltinProvider(database.db);
          await api.register(orderPaymentRoutes, {
            orders,
            provider: builtin.provider,
            publicConfig: { provider: 'builtin' },
          });
          await api.register(builtinPaymentRoutes, { confirmBuiltin: builtin.confirm });
        }
      },
      { prefix: '/api' },
    );
    await servePartImages(app, partImages);
    await app.register(spaPlugin, { webDist: config.webDist });
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
