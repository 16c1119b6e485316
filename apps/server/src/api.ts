import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { accountRoutes } from './modules/accounts/routes';
import { auditRoutes } from './modules/audit/routes';
import { backupRoutes } from './modules/backup/routes';
import { cartRoutes } from './modules/cart/routes';
import { catalogRoutes } from './modules/catalog/routes';
import { contactRoutes } from './modules/contact/routes';
import { fitmentAdminRoutes } from './modules/fitment/admin-routes';
import { fitmentRoutes } from './modules/fitment/routes';
import { healthRoutes } from './modules/health/routes';
import { mailRoutes } from './modules/mail/routes';
import { orderRoutes } from './modules/orders/routes';
import { toOrderJson } from './modules/orders/wire';
import { overviewRoutes } from './modules/overview/routes';
import { paymentRoutes } from './modules/payments/routes';
import { reviewRoutes } from './modules/reviews/routes';
import type { Services } from './services';

/** The API under /api: each module's routes, given their service and what else they need. */
export const apiRoutes: FastifyPluginAsyncZod<{
  config: Config;
  database: DatabaseHandle;
  services: Services;
}> = async (api, { config, database, services }) => {
  await api.register(healthRoutes, { database });
  await api.register(catalogRoutes, {
    catalog: services.catalog,
    partsFitting: (vehicle) => services.fitment.partsFittingKey(vehicle),
  });
  await api.register(fitmentRoutes, { fitment: services.fitment });
  await api.register(fitmentAdminRoutes, { fitment: services.fitment });
  await api.register(reviewRoutes, { reviews: services.reviews });
  await api.register(contactRoutes, { contact: services.contact });
  await api.register(mailRoutes, { outbox: services.outbox });
  await api.register(accountRoutes, {
    accounts: services.accounts,
    signUps: services.signUps,
    google: config.auth.google !== null,
  });
  await api.register(orderRoutes, { orders: services.orders });
  await api.register(cartRoutes, { cart: services.cart, toOrderJson });
  await api.register(auditRoutes, { auditLog: services.auditLog });
  await api.register(overviewRoutes, { overview: services.overview });
  await api.register(backupRoutes, {
    db: database.db,
    intervalMs: config.backups?.intervalMs ?? null,
  });
  await api.register(paymentRoutes, {
    processor: services.paymentProcessor,
    payments: services.payments,
  });
};
