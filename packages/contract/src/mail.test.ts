import { describe, expect, it } from 'vitest';

import { OutboxParamsSchema, OutboxQuerySchema } from './mail';
import { problems } from './testing/field-problems';

const MAIL_ID = '0b7c0a52-4d43-4a3c-9f0b-1a2b3c4d5e6f';

describe('the outbox pages', () => {
  it('a page holds 50 mails unless asked otherwise', () => {
    expect(OutboxQuerySchema.parse({})).toEqual({ limit: 50 });
  });

  it('a page of 1 to 100 mails can be asked for in the query string', () => {
    expect(OutboxQuerySchema.parse({ limit: '1' }).limit).toBe(1);
    expect(OutboxQuerySchema.parse({ limit: '100' }).limit).toBe(100);
  });

  it('a page of 0 or 101 mails, of part of a mail, or of no number is refused', () => {
    for (const limit of ['0', '101', '1.5', 'ten', '']) {
      expect(Object.keys(problems(OutboxQuerySchema.safeParse({ limit }))), limit).toEqual([
        'limit',
      ]);
    }
  });

  it('the next page starts before a mail id; anything else is refused with a message', () => {
    expect(OutboxQuerySchema.parse({ before: MAIL_ID })).toEqual({ before: MAIL_ID, limit: 50 });
    expect(problems(OutboxQuerySchema.safeParse({ before: 'yesterday' }))).toEqual({
      before: ['before must be the id of a mail'],
    });
  });

  it('a mail id of 64 characters is accepted in an address; 65 are refused', () => {
    expect(OutboxParamsSchema.safeParse({ id: 'm'.repeat(64) }).success).toBe(true);
    expect(OutboxParamsSchema.safeParse({ id: 'm'.repeat(65) }).success).toBe(false);
  });
});
