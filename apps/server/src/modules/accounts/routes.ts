import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  AdminCheckSchema,
  AdminUsersPageSchema,
  AdminUsersQuerySchema,
  ApiErrorSchema,
  ConfirmSignUpSchema,
  EmailParamsSchema,
  EmailQuerySchema,
  ModifiedCountSchema,
  ProfileInputSchema,
  ProfileSchema,
  SignedInSchema,
  SignInOptionsSchema,
  SignUpAnswerSchema,
  SignUpSchema,
  TokenSchema,
  UpsertedSchema,
  UserListSchema,
} from '@apex/contract';

import { errorResponses } from '../../lib/error-responses';
import { routeDocs } from '../../lib/route-docs';
import { openAccount } from './auth/open-account';
import type { Accounts } from './service';
import { checkYourInbox, type SignUps } from './sign-up';

// Each route here may also answer 400 (input its schema refuses), 401 and 403.
const accountDoc = routeDocs('accounts', 400, 401, 403);
const profileDoc = routeDocs('profiles', 400, 401, 403);

export const accountRoutes: FastifyPluginAsyncZod<{
  accounts: Accounts;
  signUps: SignUps;
  google: boolean;
}> = async (app, { accounts, signUps, google }) => {
  app.post(
    '/sign-up',
    {
      schema: {
        tags: ['accounts'],
        summary:
          'Sign up: mails a link that confirms the address (the same answer for any address)',
        body: SignUpSchema,
        response: { 202: SignUpAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await signUps.signUp(request.body);
      return reply.code(202).send({ message: checkYourInbox(request.body.email) });
    },
  );

  app.post(
    '/sign-up/confirm',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "The confirmation link's page: the password chosen at sign-up creates the account and signs it in",
        body: ConfirmSignUpSchema,
        response: { 200: SignedInSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      const account = await signUps.confirm(request.body);
      const session = await openAccount(app.auth, account, request.headers);
      // The new session's cookie and access token, as Better Auth's own sign-in sends them.
      const cookies = session.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const token = session.get('set-auth-token');
      if (token) reply.header('set-auth-token', token);
      return reply
        .header('cache-control', 'no-store')
        .send({ user: { email: account.email, name: account.name } });
    },
  );

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
