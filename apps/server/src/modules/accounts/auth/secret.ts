import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Config } from '../../../config';

/**
 * The secret that signs sessions. Configured (AUTH_SECRET) wins; the embedded default keeps a
 * generated one beside its data so sessions survive restarts; an in-memory database gets a fresh one.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.auth.secret) return config.auth.secret;
  if (config.database.kind === 'pglite' && config.database.dataDir !== 'memory://') {
    const file = path.join(config.database.dataDir, '.auth-secret');
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
  return randomBytes(32).toString('base64url');
}
