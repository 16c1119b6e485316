// The bench's own mail server: every shop the bench starts sends its mail here, so a customer the
// bench signs up can open the link that confirms the address, as a person would from their inbox.
import type { AddressInfo } from 'node:net';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The links of the mails received so far, by recipient (lower case), oldest first. */
const linksTo = new Map<string, string[]>();
const waiting = new Set<() => void>();
/** The recipients (lower case) whose mail is read for its links (`expectMailTo`). */
const expected = new Set<string>();

/**
 * Reads the links of the mail `email` receives from now on. Every placed order mails its
 * customer, thousands of mails a run: parsed in this process, the one whose requests time the
 * shop, they slowed the load and the figures after each burst of orders. Mail to anyone else is
 * received and dropped unread.
 */
export function expectMailTo(email: string): void {
  expected.add(email.toLowerCase());
}

let started: Promise<string> | null = null;

/** Starts the mail server once; answers the `SMTP_URL` that shops give to reach it. */
export function mailboxUrl(): Promise<string> {
  started ??= new Promise((resolve, reject) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const wanted = session.envelope.rcptTo.some(({ address }) =>
          expected.has(address.toLowerCase()),
        );
        if (!wanted) {
          stream.on('end', () => callback());
          stream.resume();
          return;
        }
        simpleParser(stream).then(
          (mail) => {
            const html = typeof mail.html === 'string' ? mail.html : '';
            const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
              (m[1] ?? '').replaceAll('&amp;', '&'),
            );
            for (const { address } of session.envelope.rcptTo) {
              const key = address.toLowerCase();
              if (expected.has(key)) linksTo.set(key, [...(linksTo.get(key) ?? []), ...links]);
            }
            for (const wake of waiting) wake();
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      },
    });
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      // The bench ends by exiting: the server must not keep it alive.
      server.server.unref();
      resolve(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
    });
  });
  return started;
}

/**
 * The newest link to `path` mailed to `email` since `expectMailTo(email)`, once one has arrived
 * (the shop sends its outbox every two seconds); the mail `email` receives afterwards is dropped.
 */
export async function linkMailedTo(
  email: string,
  path: string,
  timeoutMs = 60_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = linksTo
      .get(email.toLowerCase())
      ?.findLast((candidate) => candidate.includes(path));
    if (link) {
      expected.delete(email.toLowerCase());
      return link;
    }
    const left = deadline - Date.now();
    if (left <= 0) throw new Error(`no mail with a link to ${path} reached ${email}`);
    await new Promise<void>((resolve) => {
      const wake = () => {
        waiting.delete(wake);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(wake, left);
      waiting.add(wake);
    });
  }
}
