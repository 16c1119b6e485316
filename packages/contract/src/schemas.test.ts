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

  it('accepts only the simple lowercase email pattern', () => {
    for (const bad of ['Ana@example.com', 'ana@example', 'ana@example.info', 'ana.b@example.com']) {
      expect(issues(LoginSchema.safeParse({ email: bad, password: 'secret1' }))).toEqual([
        'provide a valid email',
      ]);
    }
    expect(LoginSchema.safeParse({ email: 'ana99@example.com', password: 'secret1' }).success).toBe(
      true,
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
