import { existsSync } from 'node:fs';
import path from 'node:path';

import { combinationProblems } from './env-checks';
import { EnvSchema } from './env-schema';
import { defaultWebDist } from './paths';
import { parseTrustProxy } from './trust-proxy';

export type DatabaseConfig =
  | {
      kind: 'pglite';
      dataDir: string;
      /** A copy of an already migrated database to start from (tests: no initdb per file). */
      template?: Blob;
    }
  | { kind: 'postgres'; url: string };

export type PaymentsConfig =
  | { provider: 'builtin' }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      /** Verifies the signatures of Stripe's webhook calls; without it the webhook is off. */
      webhookSecret: string | null;
      /** Another Stripe API address (a local stripe-mock, say); Stripe's own by default. */
      apiUrl: URL | null;
    };

/** An S3-compatible bucket that holds the part pictures instead of DATA_DIR/uploads. */
export interface S3PicturesConfig {
  bucket: string;
  /** Another store than AWS (MinIO, R2, a test server); AWS's own address for the region when null. */
  endpoint: URL | null;
  region: string;
  /** Bucket in the path (http://host/bucket/key), as most self-hosted stores want. */
  forcePathStyle: boolean;
  /** Keys from AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY; null leaves them to the SDK's own chain. */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** The address customers use; decides cookie security and HSTS. */
  publicUrl: URL;
  /**
   * Proxies whose X-Forwarded-For we believe: a hop count, their addresses, true for every hop,
   * false when the app faces clients directly (`fastifyTrustProxy` makes Fastify's option).
   */
  trustProxy: boolean | number | string;
  database: DatabaseConfig;
  seedDemo: boolean;
  auth: {
    /** Signs sessions; null in the embedded default, which keeps a generated one in DATA_DIR. */
    secret: string | null;
    /** Accounts that become admins once their address is verified (never at sign-up alone). */
    adminEmails: readonly string[];
    /** Google sign-in through OpenID Connect; null when not configured. */
    google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  };
  /** The card processor: the built-in test mode (default), or Stripe when its keys are set. */
  payments: PaymentsConfig;
  /** How long unpaid orders may hold stock, and how many one customer may hold at once. */
  orders: {
    /** An unpaid order is cancelled, and its stock returned, this long after it was placed. */
    unpaidTtlMinutes: number;
    /** Unpaid orders one customer may have at once; the next one is refused until one is settled. */
    maxUnpaidPerCustomer: number;
    /** How often each server looks for expired orders; null only in tests that sweep by hand. */
    expirySweepMs: number | null;
  };
  /** The built single-page app to serve, or null to serve the API alone (development with Vite). */
  webDist: string | null;
  /**
   * The shop's own files (DATA_DIR): the embedded database, uploads, the demo logins written on
   * the first start.
   */
  dataDir: string;
  /**
   * Where uploaded part pictures are kept (DATA_DIR/uploads). Several server processes must share
   * it, like the database.
   */
  uploadsDir: string;
  /**
   * Pictures in an S3-compatible bucket (S3_BUCKET), shared by every instance; absent or null,
   * they are kept in `uploadsDir`.
   */
  s3?: S3PicturesConfig | null;
  /**
   * Whether a part's picture may be fetched from an address on a private network
   * (PICTURES_FROM_PRIVATE_NETWORKS): an intranet's picture server. Off, the fetch can never
   * reach the shop's own network.
   */
  picturesFromPrivateNetworks: boolean;
  /** How often one client may knock: sign-in and sign-up per address, writes per account. */
  limits: {
    /** Off only in tests that fire thousands of requests on purpose. */
    enabled: boolean;
    /** Writes (POST, PUT, PATCH, DELETE under /api) one account may make per minute. */
    writesPerMinute: number;
    /** Redis shares the counters between server processes; without it they live in the database. */
    redisUrl: string | null;
  };
  /**
   * Scheduled backups (BACKUP_DIR): one every `intervalMs`, taken by one instance of however
   * many, the last `keep` kept. Null: none (npm run backup still works).
   */
  backups: { dir: string; intervalMs: number; keep: number } | null;
  /** The bearer token GET /api/metrics asks for; null turns the endpoint off. */
  metricsToken: string | null;
  /** Other sites whose pages may call the API from a browser (CORS); none by default. */
  corsOrigins: readonly string[];
  mail: {
    /** The mail server (SMTP_URL); null keeps every mail in the outbox, for admins to read. */
    smtpUrl: URL | null;
    /** The sender every message names (MAIL_FROM). */
    from: string;
    /**
     * How often each server delivers due mail; null only in tests that deliver by hand, so a
     * mail of one test is never sent in the middle of the next.
     */
    deliverEveryMs: number | null;
    /**
     * The fewest minutes between two digests of contact questions to the admins
     * (CONTACT_DIGEST_MINUTES): however many questions come, they are one mail a while.
     */
    contactDigestMinutes: number;
  };
}

/** Mail waits at most this long in the outbox before a sender looks at it. */
const MAIL_DELIVERY_MS = 2_000;
/** Expired orders wait at most this long for their stock to come back. */
const EXPIRY_SWEEP_MS = 30_000;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration once from the environment; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const problems = combinationProblems(e);
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  if (problems.length > 0) throw new ConfigError(problems);
  const database: DatabaseConfig = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) };
  const webDist = e.WEB_DIST ? path.resolve(e.WEB_DIST) : defaultWebDist;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    publicUrl,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    database,
    // Demo data belongs to the zero-set-up embedded database, never silently to a real server.
    seedDemo: e.SEED_DEMO ?? database.kind === 'pglite',
    auth: {
      secret: e.AUTH_SECRET ?? null,
      adminEmails: e.ADMIN_EMAILS ?? [],
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              discoveryUrl: e.GOOGLE_DISCOVERY_URL,
            }
          : null,
    },
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            provider: 'stripe',
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
            apiUrl: e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null,
          }
        : { provider: 'builtin' },
    orders: {
      unpaidTtlMinutes: e.UNPAID_ORDER_TTL_MINUTES,
      maxUnpaidPerCustomer: e.MAX_UNPAID_ORDERS,
      expirySweepMs: EXPIRY_SWEEP_MS,
    },
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    dataDir: path.resolve(e.DATA_DIR),
    uploadsDir: path.resolve(e.DATA_DIR, 'uploads'),
    picturesFromPrivateNetworks: e.PICTURES_FROM_PRIVATE_NETWORKS ?? false,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ? new URL(e.S3_ENDPOINT) : null,
          // Every S3-compatible store answers to us-east-1 when it has no regions of its own.
          region: e.S3_REGION ?? 'us-east-1',
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? {
                  accessKeyId: e.AWS_ACCESS_KEY_ID,
                  secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
                  ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
                }
              : null,
        }
      : null,
    limits: {
      enabled: true,
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      redisUrl: e.REDIS_URL ?? null,
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    corsOrigins: e.CORS_ORIGINS ?? [],
    backups: e.BACKUP_DIR
      ? { dir: path.resolve(e.BACKUP_DIR), intervalMs: e.BACKUP_INTERVAL, keep: e.BACKUP_KEEP }
      : null,
    mail: {
      smtpUrl: e.SMTP_URL ? new URL(e.SMTP_URL) : null,
      from: e.MAIL_FROM,
      deliverEveryMs: MAIL_DELIVERY_MS,
      contactDigestMinutes: e.CONTACT_DIGEST_MINUTES,
    },
  };
}

/**
 * The environment a tool the shop runs (PostgreSQL's pg_dump and psql) starts from: this
 * process's own, so it finds the tool on PATH and speaks its locale.
 */
export const inheritedEnvironment = (): NodeJS.ProcessEnv => ({ ...process.env });
