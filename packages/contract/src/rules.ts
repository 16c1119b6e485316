// Business constants shared by server and web. This module imports nothing, so the web app can
// use a rule without pulling the schema library into its first load.

/** A review's rating is a whole number of stars in this range. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;

/** The spec's simple lowercase email rule (§5): letters or digits, @, letters, a 2–3 letter ending. */
export const EMAIL_PATTERN = /^[a-z0-9]+@[a-z]+\.[a-z]{2,3}$/;
export const PASSWORD_MIN_LENGTH = 6;

/** Validation messages, word for word as the spec gives them. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'provide a valid email',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Must be 6 characters or longer',
  nameRequired: 'Name is required',
} as const;

/** The order form's hint (spec §5). */
export const orderQuantityHint = (min: number, max: number) =>
  `Minimum Order is ${min} and Maximum order is ${max}`;

/** Order is enabled only for a whole quantity from the part's minimum order to its stock. */
export const isOrderQuantityAllowed = (quantity: number, min: number, max: number) =>
  Number.isInteger(quantity) && quantity >= min && quantity <= max;
