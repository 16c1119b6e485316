import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

import type { PasswordHashing } from '../src/modules/accounts/passwords';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: string,
  length: number,
  options: { N: number; r: number; p: number },
) => Promise<Buffer>;

/**
 * scrypt at a sixteenth of the work Better Auth's takes: the suites make hundreds of accounts,
 * and hashing them at the real cost was over half of the API suite's time. Still salted and
 * checked in constant time; the real hashing is tested where the shop is built without this
 * (src/modules/accounts/passwords.test.ts) and in every process the tests start.
 */
export const lightPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    const key = await scryptAsync(password.normalize('NFKC'), salt, 64, { N: 1024, r: 16, p: 1 });
    return `${salt}:${key.toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await scryptAsync(password.normalize('NFKC'), salt, 64, {
      N: 1024,
      r: 16,
      p: 1,
    });
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
