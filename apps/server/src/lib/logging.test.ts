import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import type { Config } from '../config';
import { loggerOptions, textForLogs, urlForLogs } from './logging';

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
  app.get('/fails', (request) => {
    const cause = Object.assign(new Error('duplicate key value'), { code: '23505' });
    const failed = Object.assign(
      new Error(
        'Failed query: insert into "sessions" ("token", "user_email") values ($1, $2)\nparams: s3cr3t-session-token,jane.doe@example.com',
        { cause },
      ),
      {
        query: 'insert into "sessions" …',
        params: ['s3cr3t-session-token', 'jane.doe@example.com'],
      },
    );
    request.log.error({ err: failed }, 'request failed');
    return { ok: false };
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

describe('a URL in the log', () => {
  it('has the one-time tokens of paths and queries blanked, and the e-mail addresses', () => {
    expect(urlForLogs('/api/auth/reset-password/Zq81xkTT9aLm0?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[REDACTED]?callbackURL=%2Freset-password',
    );
    expect(
      urlForLogs('/api/auth/verify-email?token=eyJhbGciOi.abc&callbackURL=/verify-email'),
    ).toBe('/api/auth/verify-email?token=[REDACTED]&callbackURL=/verify-email');
    expect(urlForLogs('/api/auth/verify-email/eyJhbGciOi.abc')).toBe(
      '/api/auth/verify-email/[REDACTED]',
    );
    expect(urlForLogs('/api/orders/token/3f9a77c1/receipt')).toBe(
      '/api/orders/token/[REDACTED]/receipt',
    );
    expect(urlForLogs('/reset-password?token=abc123')).toBe('/reset-password?token=[REDACTED]');
    expect(urlForLogs('/api/no-such-page/jane%40example.com')).toBe('/api/no-such-page/[EMAIL]');
    expect(urlForLogs('/api/parts/7d9e2c1a')).toBe('/api/parts/7d9e2c1a');
  });
});

describe('free text from other systems', () => {
  it('keeps no address, token or statement parameter of an error in the log', async () => {
    const { app, lines } = await loggingApp();
    try {
      await app.inject({ method: 'GET', url: '/fails' });
      const logged = JSON.stringify(lines);
      expect(logged).toContain('Failed query: insert into');
      expect(logged).toContain('23505');
      expect(logged).not.toContain('s3cr3t-session-token');
      expect(logged).not.toContain('jane.doe@example.com');
    } finally {
      await app.close();
    }
  });

  it("blanks the mailbox a mail server's refusal names, and a token in a link", () => {
    expect(
      textForLogs('550 5.1.1 <jane.doe+parts@mail.example.co.uk>: Recipient address rejected'),
    ).toBe('550 5.1.1 <[EMAIL]>: Recipient address rejected');
    expect(textForLogs('see https://shop.example/api/auth/reset-password/abc123?x=1')).toBe(
      'see https://shop.example/api/auth/reset-password/[REDACTED]?x=1',
    );
  });
});
