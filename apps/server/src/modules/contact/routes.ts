import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { ContactAnswerSchema, ContactQuestionSchema } from '@apex/contract';

import { errorResponses } from '../../lib/error-responses';
import type { Contact } from './service';

/** The home page's contact form ("Ask Us Anything"): open to every visitor. */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: Contact }> = async (
  app,
  { contact },
) => {
  app.post(
    '/contact',
    {
      schema: {
        tags: ['contact'],
        summary: "Ask the shop a question: it is mailed to the shop's admins, who answer by e-mail",
        body: ContactQuestionSchema,
        response: { 202: ContactAnswerSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      await contact.ask(request.body);
      return reply.code(202).send({
        message: `Thank you: your question is on its way, and we will answer ${request.body.email}.`,
      });
    },
  );
};
