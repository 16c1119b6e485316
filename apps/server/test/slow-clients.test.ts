import { connect } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from './test-app';

// The timeout is the HTTP server's, whatever the database: one run shows it, and it takes 30 s.
describe.skipIf(process.env.TEST_DB === 'postgres')(
  'a client that sends its request a byte a second',
  () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      t = await createTestApp();
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const address = t.app.server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening');
      port = address.port;
    });
    afterAll(() => t.close());

    it(
      'gets 408 once the documented 30 s are up, and its connection is closed',
      { timeout: 45_000 },
      async () => {
        const started = Date.now();
        const { status, seconds } = await new Promise<{ status: string; seconds: number }>(
          (resolve, reject) => {
            const socket = connect(port, '127.0.0.1', () => {
              socket.write(
                'POST /api/review HTTP/1.1\r\nHost: localhost\r\n' +
                  'Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
              );
              const drip = setInterval(() => socket.write(' '), 1_000);
              let answer = '';
              socket.on('data', (chunk) => (answer += String(chunk)));
              socket.on('close', () => {
                clearInterval(drip);
                resolve({
                  status: answer.split('\r\n')[0] ?? '',
                  seconds: (Date.now() - started) / 1000,
                });
              });
              socket.on('error', reject);
            });
          },
        );
        expect(status).toBe('HTTP/1.1 408 Request Timeout');
        expect(seconds).toBeGreaterThanOrEqual(29);
        expect(seconds).toBeLessThan(35);
      },
    );
  },
);
