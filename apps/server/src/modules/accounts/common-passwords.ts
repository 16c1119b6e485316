import type * as LanguageCommonModule from '@zxcvbn-ts/language-common';

/** How many of the most common passwords a new password may not be. */
export const COMMON_PASSWORD_COUNT = 10_000;

let commonPasswords: Promise<ReadonlySet<string>> | undefined;

type LanguageCommon = typeof LanguageCommonModule;

/**
 * The most common passwords, from zxcvbn-ts's list (ranked by how often they appear in leaked
 * password sets), loaded on the first sign-up rather than at start: reading the list takes about
 * a tenth of a second and most starts never need it.
 */
function loadCommonPasswords(): Promise<ReadonlySet<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    // A CommonJS package: its exports object is the default export (the server's bundle gives
    // nothing else); Node also lends its names to the import.
    (module: LanguageCommon | { default: LanguageCommon }) => {
      const { dictionary } = 'default' in module ? module.default : module;
      return new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
    },
    (error: unknown) => {
      commonPasswords = undefined;
      throw error;
    },
  );
  return commonPasswords;
}

/** Whether a password is one of the most common ones, whatever its letters' case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await loadCommonPasswords()).has(password.toLowerCase());
}
