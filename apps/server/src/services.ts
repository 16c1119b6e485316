import type { FastifyBaseLogger } from 'fastify';

import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createCaches } from './lib/json-cache';
import type { PasswordHashing } from './modules/accounts/passwords';
import { createAccounts } from './modules/accounts/service';
import { createSignUps } from './modules/accounts/sign-up';
import { createAuditLog } from './modules/audit/service';
import { createCart } from './modules/cart/service';
import { createPartImages } from './modules/catalog/part-images';
import { createLocalPictureStore } from './modules/catalog/picture-store';
import { claimPictureSweep } from './modules/catalog/picture-sweep-claim';
import { createPictureFetcher } from './modules/catalog/remote-pictures';
import { type Catalog, createCatalog } from './modules/catalog/service';
import { createContact } from './modules/contact/service';
import { createFitment } from './modules/fitment/service';
import { createMailSender } from './modules/mail/sender';
import { createOutboxReader } from './modules/mail/service';
import { createOrders } from './modules/orders/service';
import { createOverview } from './modules/overview/service';
import { createPaymentProvider } from './modules/payments/provider';
import { createPayments } from './modules/payments/service';
import { createReviews } from './modules/reviews/service';

/**
 * Every module's service, built once from the configuration, each given what it needs of the
 * others as functions (so modules never import each other). The routes receive them as options.
 */
export async function createServices(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  passwords: PasswordHashing,
) {
  const { db } = database;
  // Every cache this process keeps; each is dropped when any instance writes what it holds.
  const caches = createCaches();
  // Admins' changes are written to the audit log by the services that make them.
  const auditLog = createAuditLog(db);
  // The pictures and the catalogue name each other: the sweep keeps the pictures parts use.
  // The AWS SDK loads only when a bucket is configured: every module costs start-up time.
  const pictureFiles = config.s3
    ? (await import('./modules/catalog/s3-picture-store')).createS3PictureStore(config.s3)
    : createLocalPictureStore(config.uploadsDir);
  const pictureFetcher = createPictureFetcher({
    privateNetworks: config.picturesFromPrivateNetworks,
  });
  const partImages = createPartImages(pictureFiles, {
    dir: config.uploadsDir,
    shop: config.publicUrl,
    fetchPicture: (address) => pictureFetcher.fetchPicture(address),
    imagesInUse: () => catalog.imagesInUse(),
    claimSweep: (hourStart) => claimPictureSweep(db, hourStart),
  });
  const catalog: Catalog = createCatalog(db, {
    cacheOf: caches.cacheOf,
    resolveImage: (image) => partImages.resolveImage(image),
    storeImage: (bytes) => partImages.store(bytes),
    recordAudit: auditLog.record,
  });
  // nodemailer loads only when a mail server is configured; without one, mail is kept.
  const transport = config.mail.smtpUrl
    ? (await import('./modules/mail/transport')).createSmtpTransport(config.mail.smtpUrl)
    : null;
  const mailSender = createMailSender({
    db,
    transport,
    from: config.mail.from,
    shop: config.publicUrl,
    log,
  });
  const paymentProcessor = await createPaymentProvider(config.payments, db);
  const orders = createOrders(db, {
    provider: paymentProcessor.provider,
    unpaidTtlMinutes: config.orders.unpaidTtlMinutes,
    maxUnpaidPerCustomer: config.orders.maxUnpaidPerCustomer,
    transactionsTakeTurns: database.kind === 'pglite',
    // Orders move stock, which the catalogue shows: it reloads after each change.
    onStockChanged: () => catalog.invalidate(),
    recordAudit: auditLog.record,
  });
  return {
    caches,
    auditLog,
    partImages,
    /** Where the picture files are: backups copy them. */
    pictureFiles,
    /** Lets go of the picture store's connections once nothing uses it. */
    closePictureFiles: () => pictureFiles.close(),
    catalog,
    fitment: createFitment(db, { recordAudit: auditLog.record }),
    reviews: createReviews(db, caches.cacheOf),
    overview: createOverview(db, caches.cacheOf),
    contact: createContact(db, { digestMinutes: config.mail.contactDigestMinutes }),
    outbox: createOutboxReader(db, config.publicUrl, { recordAudit: auditLog.record }),
    mailSender,
    /** Closes the mail server's connections once delivery has stopped. */
    closeTransport: () => transport?.close(),
    paymentProcessor,
    // Paying asks the processor, then the orders module records what it means for the order.
    payments: createPayments({ provider: paymentProcessor.provider, orders }),
    orders,
    // The cart checks out through the orders module's one way of placing an order.
    cart: createCart(db, (viewer, request, alongWith) =>
      orders.placeOrder(viewer, request, alongWith),
    ),
    signUps: createSignUps(db, { publicUrl: config.publicUrl, passwords }),
    accounts: createAccounts(db, {
      recordAudit: auditLog.record,
      onAccountChanged: () => caches.drop('users'),
    }),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
