import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  AdminCheckSchema,
  ApiErrorSchema,
  EmailParamsSchema,
  EmailQuerySchema,
  ModifiedCountSchema,
  ProfileInputSchema,
  ProfileSchema,
  SignInOptionsSchema,
  TokenSchema,
  UpsertedSchema,
  UserListSchema,
} from '@apex/contract';

import { errorResponses } from '../../lib/error-responses';
import type { Accounts } from './service';

const errors = errorResponses(400, 401, 403);

export const accountRoutes: FastifyPluginAsyncZod<{ accounts: Accounts; google: boolean }> = async (
  app,
  { accounts, google },
) => {
  app.get(
    '/sign-in-options',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Which ways to sign in this shop offers',
        response: { 200: SignInOptionsSchema },
      },
    },
    async () => ({ google }),
  );

  app.put(
    '/user/:email',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The access token for your own signed-in session',
        params: EmailParamsSchema,
        // The spec's client sends {email}; the session, not the body, decides.
        body: z.object({ email: z.string().optional() }).optional(),
        response: { 200: TokenSchema, ...errors },
      },
    },
    async (request) => accounts.issueAccessToken(await request.requireUser(), request.params.email),
  );

  app.get(
    '/user',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Every account (admins)',
        response: { 200: UserListSchema, ...errors },
      },
    },
    async (request) => {
      await request.requireAdmin();
      return accounts.listUsers();
    },
  );

  app.put(
    '/user/admin/:email',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Make an account admin (admins)',
        params: EmailParamsSchema,
        response: { 200: ModifiedCountSchema, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request) => accounts.makeAdmin(await request.requireAdmin(), request.params.email),
  );

  app.get(
    '/admin/:email',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Whether an account is an admin (your own; admins may ask about anyone)',
        params: EmailParamsSchema,
        response: { 200: AdminCheckSchema, ...errors },
      },
    },
    async (request) => accounts.isAdmin(await request.requireUser(), request.params.email),
  );

  app.get(
    '/profile',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Your profile',
        querystring: EmailQuerySchema,
        response: { 200: ProfileSchema, ...errors },
      },
    },
    async (request) => accounts.getProfile(await request.requireUser(), request.query.userEmail),
  );

  app.post(
    '/profile/:email',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Create your profile',
        params: EmailParamsSchema,
        body: ProfileInputSchema,
        response: { 201: UpsertedSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireUser();
      const created = await accounts.createProfile(viewer, request.params.email, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/profile/:email',
    {
      schema: {
        tags: ['profiles'],
        summary: 'Update your profile',
        params: EmailParamsSchema,
        body: ProfileInputSchema,
        response: { 200: ModifiedCountSchema, 404: ApiErrorSchema, ...errors },
      },
    },
    async (request) =>
      accounts.updateProfile(await request.requireUser(), request.params.email, request.body),
  );
};
