import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  AdminCheckSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
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

import { routeDocs } from '../../lib/route-docs';
import type { Accounts } from './service';

// Each route here may also answer 400 (input its schema refuses), 401 and 403.
const accountDoc = routeDocs('accounts', 400, 401, 403);
const profileDoc = routeDocs('profiles', 400, 401, 403);

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
    accountDoc('The access token for your own signed-in session', {
      params: EmailParamsSchema,
      // The spec's client sends {email}; the session, not the body, decides.
      body: z.object({ email: z.string().optional() }).optional(),
      response: { 200: TokenSchema },
    }),
    async (request) => accounts.issueAccessToken(await request.requireUser(), request.params.email),
  );

  app.get(
    '/user',
    accountDoc('Every account (admins)', { response: { 200: UserListSchema } }),
    async (request) => {
      await request.requireAdmin();
      return accounts.listUsers();
    },
  );

  app.get(
    '/manage/users',
    accountDoc('Accounts a page at a time, newest first, by address or name (admins)', {
      querystring: AdminUsersQuerySchema,
      response: { 200: AdminUsersPageSchema },
    }),
    async (request) => {
      await request.requireAdmin();
      return accounts.pageOfUsers(request.query);
    },
  );

  app.put(
    '/user/admin/:email',
    accountDoc('Make an account admin (admins)', {
      params: EmailParamsSchema,
      response: { 200: ModifiedCountSchema, 404: ApiErrorSchema },
    }),
    async (request) => accounts.makeAdmin(await request.requireAdmin(), request.params.email),
  );

  app.get(
    '/admin/:email',
    accountDoc('Whether an account is an admin (your own; admins may ask about anyone)', {
      params: EmailParamsSchema,
      response: { 200: AdminCheckSchema },
    }),
    async (request) => accounts.isAdmin(await request.requireUser(), request.params.email),
  );

  app.get(
    '/profile',
    profileDoc('Your profile', {
      querystring: EmailQuerySchema,
      response: { 200: ProfileSchema },
    }),
    async (request) => accounts.getProfile(await request.requireUser(), request.query.userEmail),
  );

  app.post(
    '/profile/:email',
    profileDoc('Create your profile', {
      params: EmailParamsSchema,
      body: ProfileInputSchema,
      response: { 201: UpsertedSchema, 409: ApiErrorSchema },
    }),
    async (request, reply) => {
      const viewer = await request.requireUser();
      const created = await accounts.createProfile(viewer, request.params.email, request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/profile/:email',
    profileDoc('Update your profile', {
      params: EmailParamsSchema,
      body: ProfileInputSchema,
      response: { 200: ModifiedCountSchema, 404: ApiErrorSchema },
    }),
    async (request) =>
      accounts.updateProfile(await request.requireUser(), request.params.email, request.body),
  );
};
