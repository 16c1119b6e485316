import { describe, expect, it } from 'vitest';

import { ContactQuestionSchema } from './contact';
import { problems } from './testing/field-problems';

const ask = (overrides: Record<string, unknown>) =>
  ContactQuestionSchema.safeParse({
    email: 'ana@example.com',
    question: 'Fits a 2004 RX-8?',
    ...overrides,
  });

describe('the contact form', () => {
  it('a question is kept with the address to answer, lowercased, without spaces around them', () => {
    expect(
      ContactQuestionSchema.parse({
        email: ' Ana@Example.com ',
        question: '\n Fits a 2004 RX-8?  ',
      }),
    ).toEqual({ email: 'ana@example.com', question: 'Fits a 2004 RX-8?' });
  });

  it('a missing or blank question says "Please write your question"', () => {
    for (const question of [undefined, '', '   \n']) {
      expect(problems(ask({ question })), String(question)).toEqual({
        question: ['Please write your question'],
      });
    }
  });

  it('a question of 2,000 characters is accepted, even with spaces around it; 2,001 are refused', () => {
    const question = 'q'.repeat(2000);
    expect(
      ContactQuestionSchema.parse({ email: 'ana@example.com', question: ` ${question} ` }).question,
    ).toBe(question);
    expect(problems(ask({ question: `${question}q` }))).toEqual({
      question: ['Please keep it to 2,000 characters or fewer'],
    });
  });

  it('a missing or blank address says "Email is required", a wrong one "provide a valid email"', () => {
    for (const email of [undefined, '', '  ']) {
      expect(problems(ask({ email })), String(email)).toEqual({ email: ['Email is required'] });
    }
    expect(problems(ask({ email: 'ana@' }))).toEqual({ email: ['provide a valid email'] });
  });
});
