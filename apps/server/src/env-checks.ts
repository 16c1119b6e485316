import path from 'node:path';

import type { Env } from './env-schema';

/**
 * What no single variable's schema can see: settings that go together, or that make no sense
 * together. Each problem names the variable to change.
 */
export function combinationProblems(e: Env): string[] {
  const problems: string[] = [];
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    problems.push('GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  }
  // A secret generated on one machine would sign out every customer on the next deploy.
  if (e.DATABASE_URL && e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    problems.push('AUTH_SECRET: is required in production with DATABASE_URL');
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    problems.push(
      'STRIPE_PUBLISHABLE_KEY: STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together',
    );
  }
  // An https address means real customers: the built-in processor would take their orders as
  // paid while no money moves, unless the operator says that is what they want.
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  const stripeConfigured = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY);
  if (!stripeConfigured && publicUrl.protocol === 'https:' && e.ALLOW_TEST_PAYMENTS !== true) {
    problems.push(
      'ALLOW_TEST_PAYMENTS: PUBLIC_URL is https, but no card processor that moves money is set: ' +
        'set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or ALLOW_TEST_PAYMENTS=true to take ' +
        'test payments on purpose',
    );
  }
  if (e.BACKUP_DIR && !e.DATABASE_URL) {
    const fromData = path.relative(path.resolve(e.DATA_DIR), path.resolve(e.BACKUP_DIR));
    // A backup of the embedded database copies DATA_DIR: each would hold all the ones before.
    if (!fromData.startsWith('..') && !path.isAbsolute(fromData)) {
      problems.push('BACKUP_DIR: must be outside DATA_DIR (and on another disk, ideally)');
    }
  }
  for (const name of ['S3_ENDPOINT', 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const) {
    // Settings for a store that is never used would hide a forgotten S3_BUCKET.
    if (e[name] !== undefined && !e.S3_BUCKET) {
      problems.push(`S3_BUCKET: is required when ${name} is set`);
    }
  }
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    problems.push('AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together');
  }
  return problems;
}
