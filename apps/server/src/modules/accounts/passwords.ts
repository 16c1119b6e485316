import { hashPassword, verifyPassword } from 'better-auth/crypto';

/** How the shop turns a password into what it stores, and checks one against it. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

/**
 * Better Auth's own scrypt, which every shop runs. Its cost is the point of it; tests that make
 * hundreds of accounts give the shop a cheaper one (apps/server/test/test-app.ts).
 */
export const betterAuthHashing: PasswordHashing = { hash: hashPassword, verify: verifyPassword };
