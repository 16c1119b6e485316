import sensible from '@fastify/sensible';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { errorsPlugin } from './errors';

async function appWithRoutes() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(sensible);
  await app.register(errorsPlugin);
  app.post(
    '/things',
    { schema: { body: z.object({ name: z.string().min(1), count: z.number().int() }) } },
    async () => ({ ok: true }),
  );
  app.get('/conflict', async () => {
    throw app.httpErrors.conflict('Not enough stock');
  });
  app.get('/crash', async () => {
    throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:42');
  });
  return app;
}

describe('error answers', () => {
  it('answers 400 naming each failing field', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'POST', url: '/things', payload: { count: 1.5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ fields: { field: string }[]; message: string }>();
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.fields.map((f) => f.field).sort()).toEqual(['body.count', 'body.name']);
    expect(body.message).toContain('body.name');
  });

  it('answers 400 for a body that is not JSON', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('keeps the message of a deliberate client error', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, error: 'Conflict', message: 'Not enough stock' });
  });

  it('never shows the internals of an unexpected failure', async () => {
    const app = await appWithRoutes();
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret_table');
    expect(res.body).not.toContain('db.ts');
    expect(res.json()).toMatchObject({ statusCode: 500, error: 'Internal Server Error' });
  });
});
