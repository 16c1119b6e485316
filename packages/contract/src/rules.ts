// Business constants shared by server and web. This module imports nothing, so the web app can
// use a rule without pulling the schema library into its first load.

/** A review's rating is a whole number of stars in this range. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/**
 * An e-mail address as customers have them: dots, hyphens, apostrophes and plus tags before the
 * @, subdomains and long endings after it. The spec's pattern (letters or digits, @, letters, a
 * 2–3 letter ending) refused most real addresses; this is a deliberate departure
 * (docs/decisions/006-real-email-addresses.md). It is what both the HTML e-mail input and the
 * identity library (Better Auth, which checks every address again) accept: a domain on the
 * internet (a dot, an ending of letters), and none of the rare symbols (such as `!`, `#`, `%`
 * or `{`) the HTML input would also take. Every address the spec's pattern accepted, this one
 * accepts too.
 */
export const EMAIL_PATTERN =
  /^(?:[a-zA-Z0-9_'+-]+\.)*[a-zA-Z0-9_'+-]*[a-zA-Z0-9_+-]@(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;
/** The longest address mail can carry (RFC 5321's path limit less its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * A new password's shortest length: 8, as NIST SP 800-63B asks, not the spec's 6 (a deliberate
 * departure, docs/decisions/005-no-way-in-by-default.md).
 */
export const PASSWORD_MIN_LENGTH = 8;
/**
 * The login form keeps the spec's 6: every password ever accepted has at least that many
 * characters, and accounts made under the old rule must still get in.
 */
export const SIGN_IN_PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** Validation messages, word for word as the spec gives them (the password's beyond it). */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'provide a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: `Must be ${PASSWORD_MIN_LENGTH} characters or longer`,
  signInPasswordTooShort: `Must be ${SIGN_IN_PASSWORD_MIN_LENGTH} characters or longer`,
  passwordBlank: 'Must be more than spaces',
  passwordTooCommon: 'This password is too common: choose another',
  nameRequired: 'Name is required',
  ratingRange: 'Value Must be between 1 to 5',
} as const;

/** Uploaded part pictures: the formats every browser shows, checked by their content. */
export const PART_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type PartImageType = (typeof PART_IMAGE_TYPES)[number];
export const PART_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The largest order total, in cents: what a card payment can carry ($999,999.99 is Stripe's
 * limit), which also keeps every total well inside the database's integer range.
 */
export const MAX_ORDER_TOTAL_CENTS = 99_999_999;

export {
  CART_MAX_LINES,
  GARAGE_MAX_VEHICLES,
  isOrderQuantityAllowed,
  orderQuantityHint,
} from './quantity-rules';
