import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import type { Config } from '../config';
import { loggerOptions } from './logging';

async function loggingApp() {
  const lines: Record<string, unknown>[] = [];
  const logging = loggerOptions({ logLevel: 'info' } as Config, {
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  const app = Fastify(logging.options);
  app.get('/talks', (request) => {
    request.log.warn({ password: 'hunter2secret', part: 'Carbon Rear Wing' }, 'own line');
    return { ok: true };
  });
  app.get('/level', (request) => {
    const before = request.log.level;
    request.log.level = 'error';
    return { before, after: request.log.level };
  });
  await app.ready();
  return { app, lines };
}

describe("a request's logger", () => {
  it("binds the request's id to its own lines and to its one answered line, redacted", async () => {
    const { app, lines } = await loggingApp();
    try {
      await app.inject({ method: 'GET', url: '/talks', headers: { 'x-request-id': 'talks-1' } });
      expect(lines.filter((line) => line.reqId === 'talks-1')).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'own line',
          part: 'Carbon Rear Wing',
          password: '[REDACTED]',
        }),
        expect.objectContaining({ msg: 'answered', route: '/talks', statusCode: 200 }),
      ]);
    } finally {
      await app.close();
    }
  });

  it("has the server's level until the request sets its own", async () => {
    const { app } = await loggingApp();
    try {
      const res = await app.inject({ method: 'GET', url: '/level' });
      expect(res.json()).toEqual({ before: 'info', after: 'error' });
      expect(app.log.level).toBe('info');
    } finally {
      await app.close();
    }
  });
});

describe('the log on stdout', () => {
  it('is buffered as its options allow (a wrong pair would stop the server at start-up)', () => {
    const logging = loggerOptions({ logLevel: 'info' } as Config);
    const logger = logging.options.logger as { level: string; stream?: unknown };
    expect(logger.level).toBe('info');
    expect(logger.stream).toBeDefined();
    logging.flush();
  });
});
