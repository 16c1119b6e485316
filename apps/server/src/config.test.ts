import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config';
import { EnvSchema } from './env-schema';
import { serverRoot } from './paths';
import { fastifyTrustProxy, trustProxyNotice } from './trust-proxy';

/** The problems loadConfig reports for this environment, or [] when it takes it. */
function problemsWith(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_shop', STRIPE_PUBLISHABLE_KEY: 'pk_live_shop' };

describe('configuration', () => {
  it('runs on the embedded database in ./data with demo data by default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data') });
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
  });

  it('uses PostgreSQL when DATABASE_URL is set, without demo data unless asked', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/shop';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['PUBLIC_URL', 'not a url'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'smtp//mail.example.com:587'],
    ['MAIL_FROM', 'Apex Parts'],
    ['CONTACT_DIGEST_MINUTES', '-1'],
    ['CONTACT_DIGEST_MINUTES', 'hourly'],
    ['UNPAID_ORDER_TTL_MINUTES', '0'],
    ['UNPAID_ORDER_TTL_MINUTES', 'half an hour'],
    ['UNPAID_ORDER_TTL_MINUTES', '2.5'],
    ['MAX_UNPAID_ORDERS', '0'],
    ['MAX_UNPAID_ORDERS', 'many'],
    ['ALLOW_TEST_PAYMENTS', 'perhaps'],
    ['BACKUP_INTERVAL', 'daily'],
    ['BACKUP_INTERVAL', '1m'],
    ['BACKUP_KEEP', '0'],
    ['S3_BUCKET', 'Shop_Pictures'],
    ['S3_BUCKET', 'ab'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_REGION', 'EU West'],
    ['S3_FORCE_PATH_STYLE', 'sometimes'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    try {
      loadConfig({ [name]: value });
      expect.unreachable('the configuration should have been refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(`${name}:`);
    }
  });

  it('keeps pictures on the disk without S3_BUCKET, and in the bucket S3_* describe with it', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(
      loadConfig({
        S3_BUCKET: 'apex-pictures',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ACCESS_KEY_ID: 'shop',
        AWS_SECRET_ACCESS_KEY: 'secret-key',
      }).s3,
    ).toEqual({
      bucket: 'apex-pictures',
      endpoint: new URL('http://minio.internal:9000'),
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'shop', secretAccessKey: 'secret-key' },
    });
    // Without keys in the environment, the AWS SDK finds them itself (profile, instance role).
    expect(loadConfig({ S3_BUCKET: 'apex-pictures', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      region: 'eu-west-1',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
    });
  });

  it('refuses S3 settings without S3_BUCKET, and one AWS key without the other', () => {
    expect(problemsWith({ S3_ENDPOINT: 'http://minio.internal:9000' })).toEqual([
      'S3_BUCKET: is required when S3_ENDPOINT is set',
    ]);
    expect(problemsWith({ S3_BUCKET: 'apex-pictures', AWS_ACCESS_KEY_ID: 'shop' })).toEqual([
      'AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together',
    ]);
  });

  it('keeps mail without SMTP_URL, and sends it through the server that SMTP_URL names', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: null,
      from: 'Apex Parts <no-reply@localhost>',
      deliverEveryMs: 2_000,
      contactDigestMinutes: 15,
    });
    expect(loadConfig({ CONTACT_DIGEST_MINUTES: '0' }).mail.contactDigestMinutes).toBe(0);
    const mail = loadConfig({
      SMTP_URL: 'smtps://shop:secret@mail.example.com:465',
      MAIL_FROM: 'Apex Parts <orders@shop.example.com>',
    }).mail;
    expect(mail.smtpUrl?.toString()).toBe('smtps://shop:secret@mail.example.com:465');
    expect(mail.from).toBe('Apex Parts <orders@shop.example.com>');
  });

  it('believes exactly the configured number of proxy hops', async () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '1' });
    const app = Fastify({ trustProxy: fastifyTrustProxy(trustProxy) });
    app.get('/ip', (request) => request.ip);
    try {
      // The proxy in front appended the address it saw; the client wrote the first one itself.
      const res = await app.inject({
        url: '/ip',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.66, 203.0.113.9' },
      });
      expect(res.body).toBe('203.0.113.9');
    } finally {
      await app.close();
    }
  });

  it('names TRUST_PROXY for the start-up line, and warns when it believes every hop', () => {
    const notice = (value?: string) =>
      trustProxyNotice(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }));
    expect(notice()).toEqual({ named: 'TRUST_PROXY=false', warning: null });
    expect(notice('1')).toEqual({ named: 'TRUST_PROXY=1', warning: null });
    expect(notice('10.0.0.1,10.0.0.2')).toEqual({
      named: 'TRUST_PROXY=10.0.0.1,10.0.0.2',
      warning: null,
    });
    expect(notice('true').named).toBe('TRUST_PROXY=true');
    expect(notice('true').warning).toMatch(/^TRUST_PROXY=true believes every X-Forwarded-For hop/);
  });

  it('gives unpaid orders 15 minutes and a customer 3 of them, unless told otherwise', () => {
    expect(loadConfig({}).orders).toMatchObject({ unpaidTtlMinutes: 15, maxUnpaidPerCustomer: 3 });
    expect(
      loadConfig({ UNPAID_ORDER_TTL_MINUTES: '90', MAX_UNPAID_ORDERS: '5' }).orders,
    ).toMatchObject({ unpaidTtlMinutes: 90, maxUnpaidPerCustomer: 5 });
  });

  it('takes no scheduled backups without BACKUP_DIR, and daily ones keeping 7 with it', () => {
    expect(loadConfig({}).backups).toBeNull();
    expect(loadConfig({ BACKUP_DIR: 'backups' }).backups).toEqual({
      dir: path.resolve('backups'),
      intervalMs: 24 * 60 * 60 * 1000,
      keep: 7,
    });
    expect(
      loadConfig({ BACKUP_DIR: '/b', BACKUP_INTERVAL: '6h', BACKUP_KEEP: '28' }).backups,
    ).toEqual({ dir: '/b', intervalMs: 6 * 60 * 60 * 1000, keep: 28 });
  });

  it('refuses a BACKUP_DIR inside the embedded database’s DATA_DIR', () => {
    expect(problemsWith({ DATA_DIR: '/srv/shop', BACKUP_DIR: '/srv/shop/backups' })).toEqual([
      'BACKUP_DIR: must be outside DATA_DIR (and on another disk, ideally)',
    ]);
    expect(problemsWith({ DATA_DIR: '/srv/shop', BACKUP_DIR: '/srv/shop' })).toHaveLength(1);
    expect(problemsWith({ DATA_DIR: '/srv/shop', BACKUP_DIR: '/srv/shop-backups' })).toEqual([]);
  });

  it('refuses to take test payments on an https address unless told to', () => {
    const https = { PUBLIC_URL: 'https://shop.example.com' };
    const [problem, ...others] = problemsWith(https);
    expect(others).toEqual([]);
    expect(problem).toMatch(/^ALLOW_TEST_PAYMENTS: /);
    expect(problem).toContain('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
    expect(problem).toContain('ALLOW_TEST_PAYMENTS=true');

    expect(loadConfig({ ...https, ALLOW_TEST_PAYMENTS: 'true' }).payments).toEqual({
      provider: 'builtin',
    });
    expect(problemsWith({ ...https, ALLOW_TEST_PAYMENTS: 'false' })).toHaveLength(1);
    expect(loadConfig({ ...https, ...stripeKeys }).payments.provider).toBe('stripe');
    // A shop on plain http is a developer's or a test's: test payments are its default.
    expect(loadConfig({ PUBLIC_URL: 'http://shop.test:3000' }).payments.provider).toBe('builtin');
  });

  it('stops the server process on an https address with only test payments', async () => {
    // Only what this start needs: no Stripe key or database from the shell running the tests.
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      PUBLIC_URL: 'https://shop.example.com',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'apex-data-')),
      PORT: '0',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'server.ts')], {
      cwd: serverRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit') as Promise<[number | null]>;
    // A server that starts anyway is stopped here, not left running after the test.
    const stillRunning = setTimeout(() => child.kill('SIGKILL'), 20_000);
    try {
      const [code] = await exited;
      expect(code, output).toBe(1);
    } finally {
      clearTimeout(stillRunning);
    }
    expect(output).toContain('ALLOW_TEST_PAYMENTS: PUBLIC_URL is https');
    expect(output).toContain('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  }, 30_000);
});

describe("the operator's documents", () => {
  const repository = path.join(serverRoot, '..', '..');
  const read = (file: string) => readFileSync(path.join(repository, file), 'utf8');

  it.each(['docs/deploy.md', '.env.example'])('%s names every variable the shop reads', (file) => {
    const text = read(file);
    const missing = Object.keys(EnvSchema.shape).filter((name) => !text.includes(name));
    expect(missing).toEqual([]);
  });
});
