import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { LoginSchema, PartSchema, ReviewSchema, SignUpSchema } from './index';

const part = {
  _id: '0b7c0a52-4d43-4a3c-9f0b-1a2b3c4d5e6f',
  name: 'Twin-Scroll Turbocharger Kit',
  image: '/images/parts/turbo-kit.svg',
  description: 'A turbo.',
  quantity: 40,
  minorder: 1,
  price: 3899,
  version: 1,
};

describe('contract schemas', () => {
  it('accepts a part with the spec field names', () => {
    expect(PartSchema.parse(part)).toEqual(part);
  });

  it('rejects a part with negative stock or a zero minimum order', () => {
    expect(PartSchema.safeParse({ ...part, quantity: -1 }).success).toBe(false);
    expect(PartSchema.safeParse({ ...part, minorder: 0 }).success).toBe(false);
  });

  it('keeps reviewer emails out of the public review shape', () => {
    const parsed = ReviewSchema.parse({
      _id: 'r1',
      reviewerName: 'Ana',
      reviewerEmail: 'ana@example.com',
      rating: 5,
      description: 'Great',
    });
    expect(parsed).not.toHaveProperty('reviewerEmail');
  });

  it('only accepts whole ratings from 1 to 5', () => {
    const review = { _id: 'r1', reviewerName: 'Ana', description: '' };
    for (const rating of [0, 6, 2.5]) {
      expect(ReviewSchema.safeParse({ ...review, rating }).success).toBe(false);
    }
    for (const rating of [1, 5]) {
      expect(ReviewSchema.safeParse({ ...review, rating }).success).toBe(true);
    }
  });
});

describe('account forms', () => {
  const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  it('asks for every field with the spec messages', () => {
    expect(issues(SignUpSchema.safeParse({ name: '', email: '', password: '' }))).toEqual([
      'Name is required',
      'Email is required',
      'Password is required',
    ]);
  });

  const emailIssues = (email: string) =>
    issues(LoginSchema.safeParse({ email, password: 'secret1' }));

  it('accepts real addresses, as the HTML e-mail input does, and keeps them lowercased', () => {
    for (const address of [
      'john.doe@gmail.com',
      'anna-lena@example.de',
      'me+parts@mail.example.co.uk',
      'o_neil@garage.photography',
      "o'brien@example.ie",
      'ops@localhost',
    ]) {
      expect(emailIssues(address), address).toEqual([]);
    }
    expect(LoginSchema.parse({ email: ' John.Doe@GMail.com ', password: 'secret1' }).email).toBe(
      'john.doe@gmail.com',
    );
  });

  it('refuses what is not an address with the spec message', () => {
    for (const bad of [
      'no-at-sign',
      'ana@',
      '@example.com',
      'ana@@example.com',
      'ana@exa mple.com',
      'ana @example.com',
      'ana@-example.com',
      'ana@example-.com',
      'ana@example..com',
      'ana@example.com.',
      `ana@${'a'.repeat(64)}.com`,
      `${'a'.repeat(250)}@example.com`,
    ]) {
      expect(emailIssues(bad), bad).toEqual(['provide a valid email']);
    }
  });

  it("accepts every address the spec's own pattern accepted: existing accounts keep working", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{1,30}@[a-z]{1,30}\.[a-z]{2,3}$/), (address) => {
        expect(emailIssues(address)).toEqual([]);
      }),
    );
  });

  const signUp = (password: string) =>
    SignUpSchema.safeParse({ name: 'Ana', email: 'ana@example.com', password });

  it('wants a new password of 8 characters or more, not only spaces', () => {
    expect(issues(signUp('kx7q2mz'))).toEqual(['Must be 8 characters or longer']);
    expect(issues(signUp(' '.repeat(10)))).toEqual(['Must be more than spaces']);
    expect(signUp('kx7q2mzw').success).toBe(true);
    expect(signUp(' kx7q 2mz ').success).toBe(true);
  });

  it('lets the login form take any password the shop ever accepted (6 characters or more)', () => {
    expect(issues(LoginSchema.safeParse({ email: 'ana@example.com', password: '12345' }))).toEqual([
      'Must be 6 characters or longer',
    ]);
    expect(LoginSchema.safeParse({ email: 'ana@example.com', password: 'abc123' }).success).toBe(
      true,
    );
  });
});
