import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  OutboxMessageSchema,
  OutboxPageSchema,
  OutboxParamsSchema,
  OutboxQuerySchema,
} from '@apex/contract';

import { adminsOnly } from '../../lib/identity';
import { routeDocs } from '../../lib/route-docs';
import type { OutboxReader } from './service';

const doc = routeDocs('mail', 400, 401, 403, 404);

/**
 * A rendered mail is someone else's HTML in the shop's page: it may style itself and show
 * pictures, but never run a script, reach the network or leave its frame, which only the shop's
 * own Outbox page may hold.
 */
const MAIL_PREVIEW_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'self'; sandbox";

/** Dashboard → Outbox: every mail the shop sent or keeps, for admins. */
export const mailRoutes: FastifyPluginAsyncZod<{ outbox: OutboxReader }> = async (
  app,
  { outbox },
) => {
  app.addHook('preHandler', adminsOnly);

  app.get(
    '/outbox',
    doc('The mail the shop sent, is sending or keeps, newest first (admins)', {
      querystring: OutboxQuerySchema,
      response: { 200: OutboxPageSchema },
    }),
    async (request) => outbox.listMails(await request.requireAdmin(), request.query),
  );

  app.get(
    '/outbox/:id',
    doc('One mail with its plain-text message (admins)', {
      params: OutboxParamsSchema,
      response: { 200: OutboxMessageSchema },
    }),
    async (request) => {
      const { mail, text } = await outbox.readMail(await request.requireAdmin(), request.params.id);
      return { ...mail, text };
    },
  );

  app.get(
    '/outbox/:id/html',
    doc('One mail as the HTML its recipient sees (admins; for a frame on Outbox)', {
      params: OutboxParamsSchema,
      produces: ['text/html'],
      response: { 200: z.string() },
    }),
    async (request, reply) => {
      const { html } = await outbox.readMail(await request.requireAdmin(), request.params.id);
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', MAIL_PREVIEW_POLICY)
        .header('x-frame-options', 'SAMEORIGIN')
        .send(html);
    },
  );
};
