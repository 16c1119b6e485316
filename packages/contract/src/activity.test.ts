import { describe, expect, it } from 'vitest';

import { ActivityQuerySchema } from './activity';
import { problems } from './testing/field-problems';

describe('the activity log pages', () => {
  it('the first page needs no starting point; the next starts before an entry id', () => {
    const entryId = '0b7c0a52-4d43-4a3c-9f0b-1a2b3c4d5e6f';
    expect(ActivityQuerySchema.parse({})).toEqual({});
    expect(ActivityQuerySchema.parse({ before: entryId })).toEqual({ before: entryId });
  });

  it('a starting point that is not an entry id is refused with a message', () => {
    for (const before of ['yesterday', '', '0b7c0a52-4d43-4a3c-9f0b']) {
      expect(problems(ActivityQuerySchema.safeParse({ before })), before).toEqual({
        before: ['before must be the id of an activity entry'],
      });
    }
  });
});
