// The bench's own mail server: every shop the bench starts sends its mail here, so a customer the
// bench signs up can open the link that confirms the address, as a person would from their inbox.
import type { AddressInfo } from 'node:net';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** The links of the mails received so far, by recipient (lower case), oldest first. */
const linksTo = new Map<string, string[]>();
const waiting = new Set<() => void>();

let started: Promise<string> | null = null;

/** Starts the mail server once; answers the `SMTP_URL` that shops give to reach it. */
export function mailboxUrl(): Promise<string> {
  started ??= new Promise((resolve, reject) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        simpleParser(stream).then(
          (mail) => {
            const html = typeof mail.html === 'string' ? mail.html : '';
            const links = [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
              (m[1] ?? '').replaceAll('&amp;', '&'),
            );
            for (const { address } of session.envelope.rcptTo) {
              const key = address.toLowerCase();
              linksTo.set(key, [...(linksTo.get(key) ?? []), ...links]);
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
 * The newest link to `path` mailed to `email`, once one has arrived (the shop sends its outbox
 * every two seconds).
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
    if (link) return link;
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
