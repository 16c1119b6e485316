import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs on the embedded database in ./data with demo data by default', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data') });
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl.origin).toBe('http://localhost:3000');
  });

  it('uses PostgreSQL when DATABASE_URL is set, without demo data unless asked', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/shop';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://localhost/shop'],
    ['PUBLIC_URL', 'not a url'],
    ['SEED_DEMO', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'smtp//mail.example.com:587'],
    ['MAIL_FROM', 'Apex Parts'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    try {
      loadConfig({ [name]: value });
      expect.unreachable('the configuration should have been refused');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toContain(`${name}:`);
    }
  });

  it('keeps mail without SMTP_URL, and sends it through the server that SMTP_URL names', () => {
    expect(loadConfig({}).mail).toEqual({
      smtpUrl: null,
      from: 'Apex Parts <no-reply@localhost>',
    });
    const mail = loadConfig({
      SMTP_URL: 'smtps://shop:secret@mail.example.com:465',
      MAIL_FROM: 'Apex Parts <orders@shop.example.com>',
    }).mail;
    expect(mail.smtpUrl?.toString()).toBe('smtps://shop:secret@mail.example.com:465');
    expect(mail.from).toBe('Apex Parts <orders@shop.example.com>');
  });

  it('believes exactly the configured number of proxy hops', () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '1' });
    expect(typeof trustProxy).toBe('function');
    if (typeof trustProxy !== 'function') return;
    expect(trustProxy('10.0.0.1', 0)).toBe(true);
    expect(trustProxy('203.0.113.9', 1)).toBe(false);
  });
});
