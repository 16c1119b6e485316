import { z } from 'zod';

import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  messages,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_PASSWORD_MIN_LENGTH,
} from './rules';

/**
 * An account's address. Mailboxes are compared case-insensitively in practice, so the shop
 * stores and compares addresses lowercased: `Jane.Doe@Example.com` signs in as the account
 * `jane.doe@example.com`.
 */
export const EmailAddressSchema = z
  .string({ message: messages.emailRequired })
  .trim()
  .toLowerCase()
  // `abort`: an empty field says "required", not also "invalid".
  .min(1, { message: messages.emailRequired, abort: true })
  .max(EMAIL_MAX_LENGTH, messages.emailInvalid)
  .regex(EMAIL_PATTERN, messages.emailInvalid);
const email = EmailAddressSchema;

const passwordTooLong = `Must be ${PASSWORD_MAX_LENGTH} characters or fewer`;

/** A password as the login form takes it: every password the shop has ever accepted. */
const currentPassword = z
  .string({ message: messages.passwordRequired })
  .min(1, { message: messages.passwordRequired, abort: true })
  .min(SIGN_IN_PASSWORD_MIN_LENGTH, messages.signInPasswordTooShort)
  .max(PASSWORD_MAX_LENGTH, passwordTooLong);

/**
 * A new password. Whether it is one of the most common passwords only the server checks
 * (modules/accounts/common-passwords.ts): that list is some 40 KB gzipped, as much as zod
 * itself, which the signup page would load for the rare customer who picks one; the page shows
 * the server's answer under the field instead.
 */
export const NewPasswordSchema = z
  .string({ message: messages.passwordRequired })
  .min(1, { message: messages.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, passwordTooLong)
  .refine((value) => value.trim() !== '', messages.passwordBlank);

/** The login form, validated in the browser. */
export const LoginSchema = z.object({ email, password: currentPassword });
export type Login = z.infer<typeof LoginSchema>;

/** The signup form; the server checks the same rules before creating the account. */
export const SignUpSchema = z.object({
  name: z
    .string({ message: messages.nameRequired })
    .trim()
    .min(1, messages.nameRequired)
    .max(100, 'Must be 100 characters or fewer'),
  email,
  password: NewPasswordSchema,
});
export type SignUp = z.infer<typeof SignUpSchema>;

/** What every sign-up is told, whether or not the address has an account (no enumeration). */
export const SignUpAnswerSchema = z.object({ message: z.string() }).meta({ id: 'SignUpAnswer' });
export type SignUpAnswer = z.infer<typeof SignUpAnswerSchema>;

/**
 * The page the confirmation link opens: whoever holds the link types the password chosen at
 * sign-up, so the address is trusted only once one person has shown both (decision 021).
 */
export const ConfirmSignUpSchema = z.object({
  token: z.string().trim().min(1, 'This link is incomplete').max(200, 'This link is incomplete'),
  password: currentPassword,
});
export type ConfirmSignUp = z.infer<typeof ConfirmSignUpSchema>;

/** Who was signed in by confirming. */
export const SignedInSchema = z
  .object({ user: z.object({ email: z.string(), name: z.string() }) })
  .meta({ id: 'SignedIn' });

/** "Forgot password?": the address to send a reset link to. */
export const PasswordResetRequestSchema = z.object({ email });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/**
 * A new password chosen through a reset link: the sign-up rules; the server also refuses the
 * most common passwords, as at sign-up.
 */
export const PasswordResetSchema = z.object({ newPassword: NewPasswordSchema });
export type PasswordReset = z.infer<typeof PasswordResetSchema>;

export const EmailParamsSchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH)
    .describe('The account email address'),
});

export const EmailQuerySchema = z.object({
  userEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX_LENGTH)
    .describe('The account email address'),
});

/** The access token the client keeps as `accessToken` and sends as `Authorization: Bearer`. */
export const TokenSchema = z.object({ token: z.string() }).meta({ id: 'Token' });

export const AdminCheckSchema = z.object({ admin: z.boolean() }).meta({ id: 'AdminCheck' });

export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** An account as admins see it on Users: Make Admin. */
export const UserSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof UserSchema>;
export const UserListSchema = z.array(UserSchema);

const profileField = (label: string) =>
  z.string().trim().max(200, `${label} must be 200 characters or fewer`).default('');

/** What My Profile saves. The name and email shown beside it come from the account. */
export const ProfileInputSchema = z.object({
  education: profileField('Education'),
  location: profileField('Location'),
  phone: profileField('Phone'),
  linkedin: profileField('LinkedIn'),
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

export const ProfileSchema = ProfileInputSchema.extend({
  name: z.string(),
  email: z.string(),
  /** False until the customer first saves the profile (then POST, afterwards PUT). */
  saved: z.boolean(),
}).meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

export const ModifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const UpsertedSchema = z.object({ upsertedId: z.string() });

/** Which ways to sign in this shop offers (Google only when configured). */
export const SignInOptionsSchema = z.object({ google: z.boolean() }).meta({ id: 'SignInOptions' });
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;
