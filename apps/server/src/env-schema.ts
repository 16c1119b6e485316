import { z } from 'zod';

/**
 * The environment the shop reads, each variable with its default and the words that name a bad
 * value (README, "Configuration"). Only config.ts reads the environment, through this schema.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const DAY_MS = 86_400_000;
const DURATION_UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: DAY_MS };

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int('must be a port number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      message: 'must be an http(s) URL such as https://shop.example.com',
    })
    .optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(false|true|\d+|[\d.:a-fA-F/, ]+)$/, 'must be false, a hop count or proxy addresses')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// connection URL' })
    .optional(),
  SEED_DEMO: booleanFlag.optional(),
  WEB_DIST: z.string().min(1).optional(),
  AUTH_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters (openssl rand -base64 32)')
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ message: 'must be a comma-separated list of email addresses' })))
    .optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_/, 'must be a Stripe publishable key (pk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALLOW_TEST_PAYMENTS: booleanFlag.optional(),
  UNPAID_ORDER_TTL_MINUTES: z.coerce
    .number({ message: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 minute')
    .max(7 * 24 * 60, 'must be at most 10080 minutes (a week)')
    // Minutes, not half an hour: a hold keeps the parts from everyone else (decision 022).
    .default(15),
  MAX_UNPAID_ORDERS: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(3),
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'must be a redis:// URL' }).optional(),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(60),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  CORS_ORIGINS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .url({ protocol: /^https?$/, message: 'must be a comma-separated list of origins' })
          .transform((origin) => new URL(origin).origin),
      ),
    )
    .optional(),
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      message:
        'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>]*<[^@<>\s]+@[^@<>\s]+>|[^@<>\s]+@[^@<>\s]+)$/,
      'must be an address, or a name and an address: Apex Parts <shop@example.com>',
    )
    .default('Apex Parts <no-reply@localhost>'),
  CONTACT_DIGEST_MINUTES: z.coerce
    .number({ message: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(0, 'must be 0 or more')
    .max(24 * 60, 'must be at most 1440 minutes (a day)')
    .default(15),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_INTERVAL: z
    .string()
    .regex(/^\d+[mhd]$/, 'must be a number of minutes, hours or days: 30m, 6h, 1d')
    .transform((value) => Number(value.slice(0, -1)) * (DURATION_UNIT_MS[value.slice(-1)] ?? 0))
    .pipe(z.number().min(5 * 60_000, 'must be at least 5m'))
    .default(DAY_MS),
  BACKUP_KEEP: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(7),
  PICTURES_FROM_PRIVATE_NETWORKS: booleanFlag.optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens',
    )
    .optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      message:
        'must be the http(s) address of an S3-compatible store, such as https://s3.example.com',
    })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as us-east-1')
    .optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  AWS_SESSION_TOKEN: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url({ protocol: /^https?$/, message: 'must be the issuer discovery URL' })
    .default('https://accounts.google.com/.well-known/openid-configuration'),
});

export type Env = z.infer<typeof EnvSchema>;
