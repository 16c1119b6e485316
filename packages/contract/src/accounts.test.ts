import { describe, expect, it } from 'vitest';

import {
  EmailAddressSchema,
  EmailParamsSchema,
  EmailQuerySchema,
  LoginSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  ProfileInputSchema,
  SignUpSchema,
} from './accounts';
import { problems } from './testing/field-problems';

/** An address of exactly `length` characters. */
const addressOfLength = (length: number) =>
  `${'a'.repeat(length - '@example.com'.length)}@example.com`;

describe('e-mail addresses', () => {
  it('an address of 254 characters is accepted, even with spaces around it; 255 are refused', () => {
    const address = addressOfLength(254);
    expect(EmailAddressSchema.parse(`  ${address} `)).toBe(address);
    const tooLong = EmailAddressSchema.safeParse(addressOfLength(255));
    expect(tooLong.error?.issues.map((issue) => issue.message)).toEqual(['provide a valid email']);
  });

  it('an empty or blank address says only "Email is required"', () => {
    for (const address of ['', '   ']) {
      const result = EmailAddressSchema.safeParse(address);
      expect(
        result.error?.issues.map((issue) => issue.message),
        `"${address}"`,
      ).toEqual(['Email is required']);
    }
  });

  it('a domain part of 63 characters and an ending of 2 to 63 letters are accepted', () => {
    for (const address of [
      `ana@${'a'.repeat(63)}.com`,
      'ana@example.io',
      `ana@example.${'a'.repeat(63)}`,
    ]) {
      expect(EmailAddressSchema.safeParse(address).success, address).toBe(true);
    }
  });

  it('an ending of 1 or 64 letters, or an apostrophe just before the @, is refused', () => {
    for (const address of ['ana@example.c', `ana@example.${'a'.repeat(64)}`, "ana'@example.com"]) {
      expect(EmailAddressSchema.safeParse(address).success, address).toBe(false);
    }
  });

  it('an address in a link or a query is read without spaces and lowercased, up to 254 characters', () => {
    for (const [schema, field] of [
      [EmailParamsSchema, 'email'],
      [EmailQuerySchema, 'userEmail'],
    ] as const) {
      expect(schema.parse({ [field]: ' Ana@Example.COM ' })).toEqual({
        [field]: 'ana@example.com',
      });
      expect(schema.safeParse({ [field]: ` ${addressOfLength(254)} ` }).success).toBe(true);
      expect(schema.safeParse({ [field]: addressOfLength(255) }).success).toBe(false);
    }
  });
});

describe('signing up', () => {
  const signUp = (overrides: Record<string, unknown>) =>
    SignUpSchema.safeParse({
      name: 'Ana',
      email: 'ana@example.com',
      password: 'kx7q2mzw',
      ...overrides,
    });

  it('a name of 100 characters is kept without spaces around it; 101 are refused', () => {
    const name = 'n'.repeat(100);
    expect(signUp({ name: ` ${name}  ` }).data?.name).toBe(name);
    expect(problems(signUp({ name: `${name}n` }))).toEqual({
      name: ['Must be 100 characters or fewer'],
    });
  });

  it('a missing or blank name says "Name is required"', () => {
    for (const name of [undefined, '   ']) {
      expect(problems(signUp({ name })), String(name)).toEqual({ name: ['Name is required'] });
    }
  });

  it('a password of 128 characters is accepted; 129 are refused', () => {
    expect(signUp({ password: 'p'.repeat(128) }).success).toBe(true);
    expect(problems(signUp({ password: 'p'.repeat(129) }))).toEqual({
      password: ['Must be 128 characters or fewer'],
    });
  });

  it('a missing or empty password says only "Password is required"', () => {
    for (const password of [undefined, '']) {
      expect(problems(signUp({ password })), String(password)).toEqual({
        password: ['Password is required'],
      });
    }
  });

  it('a password is kept exactly as typed, spaces included', () => {
    expect(signUp({ password: ' kx7q 2mz ' }).data?.password).toBe(' kx7q 2mz ');
  });

  it('the address is kept lowercased, without spaces around it', () => {
    expect(signUp({ email: ' Ana@Example.com ' }).data?.email).toBe('ana@example.com');
  });
});

describe('signing in', () => {
  const signIn = (password: unknown) =>
    LoginSchema.safeParse({ email: 'ana@example.com', password });

  it('a password of 128 characters is accepted; 129 are refused', () => {
    expect(signIn('p'.repeat(128)).success).toBe(true);
    expect(problems(signIn('p'.repeat(129)))).toEqual({
      password: ['Must be 128 characters or fewer'],
    });
  });

  it('a missing or empty password says only "Password is required"', () => {
    for (const password of [undefined, '']) {
      expect(problems(signIn(password)), String(password)).toEqual({
        password: ['Password is required'],
      });
    }
  });
});

describe('resetting a password', () => {
  it('the reset link goes to the address as typed, lowercased and without spaces', () => {
    expect(PasswordResetRequestSchema.parse({ email: ' Ana@Example.com ' })).toEqual({
      email: 'ana@example.com',
    });
    expect(problems(PasswordResetRequestSchema.safeParse({ email: ' ' }))).toEqual({
      email: ['Email is required'],
    });
  });

  it('a new password follows the sign-up rules', () => {
    const reset = (newPassword: string) => PasswordResetSchema.safeParse({ newPassword });
    expect(reset('kx7q2mzw').success).toBe(true);
    expect(reset('p'.repeat(128)).success).toBe(true);
    expect(problems(reset(''))).toEqual({ newPassword: ['Password is required'] });
    expect(problems(reset('kx7q2mz'))).toEqual({
      newPassword: ['Must be 8 characters or longer'],
    });
    expect(problems(reset('p'.repeat(129)))).toEqual({
      newPassword: ['Must be 128 characters or fewer'],
    });
    expect(problems(reset(' '.repeat(8)))).toEqual({ newPassword: ['Must be more than spaces'] });
  });
});

describe('My Profile', () => {
  const fields = [
    ['education', 'Education'],
    ['location', 'Location'],
    ['phone', 'Phone'],
    ['linkedin', 'LinkedIn'],
  ] as const;

  it('fields left out are saved empty', () => {
    expect(ProfileInputSchema.parse({})).toEqual({
      education: '',
      location: '',
      phone: '',
      linkedin: '',
    });
  });

  it.each(fields)('%s: 200 characters are kept, without the spaces around them', (field) => {
    const value = 'v'.repeat(200);
    expect(ProfileInputSchema.parse({ [field]: `  ${value}\n` })[field]).toBe(value);
  });

  it.each(fields)('%s: 201 characters say "%s must be 200 characters or fewer"', (field, label) => {
    expect(problems(ProfileInputSchema.safeParse({ [field]: 'v'.repeat(201) }))).toEqual({
      [field]: [`${label} must be 200 characters or fewer`],
    });
  });
});
