import { z } from 'zod';

import { EmailAddressSchema } from './accounts';

export const QUESTION_MAX_LENGTH = 2_000;

const questionRequired = 'Please write your question';

/** The home page's contact form: the address to answer, and the question. */
export const ContactQuestionSchema = z
  .object({
    email: EmailAddressSchema,
    question: z
      // The type's message is also what a check without its own says: a blank question too.
      .string({ message: questionRequired })
      .trim()
      .min(1)
      .max(QUESTION_MAX_LENGTH, 'Please keep it to 2,000 characters or fewer'),
  })
  .meta({ id: 'ContactQuestion' });
export type ContactQuestion = z.infer<typeof ContactQuestionSchema>;

/** What the shop says once the question is on its way. */
export const ContactAnswerSchema = z.object({ message: z.string() }).meta({ id: 'ContactAnswer' });
export type ContactAnswer = z.infer<typeof ContactAnswerSchema>;
