import { sql } from 'drizzle-orm';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import type { Database } from '../src/db/client';
import type { MailKind } from '../src/lib/outbox';
import { freePort } from './free-port';

/**
 * A real SMTP server on this machine, keeping what it receives (the shop's mail in tests). It
 * refuses mailboxes named `nobody@…` for good (550).
 */
export interface TestMailServer {
  /** What the shop is configured with: `smtp://127.0.0.1:<port>`. */
  url: URL;
  received: ParsedMail[];
  /** Resolves once `count` mails have arrived in all (rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  /** While down, every mail is refused with a temporary error (451), as a busy server does. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export async function startMailServer(port?: number): Promise<TestMailServer> {
  const received: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let down = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // A mailbox that does not exist: refused for good, naming it, as real servers do.
      if (address.address.startsWith('nobody@')) {
        const refusal = `5.1.1 <${address.address}>: Recipient address rejected: no such mailbox`;
        callback(Object.assign(new Error(refusal), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      if (down) {
        stream.resume();
        stream.on('end', () => {
          callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        });
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  const listenOn = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(listenOn, '127.0.0.1', resolve));
  return {
    url: new URL(`smtp://127.0.0.1:${listenOn}`),
    received,
    setDown(value) {
      down = value;
    },
    waitFor(count, ms = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${received.length} of ${count} mails arrived in ${ms} ms`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The address of the mail's button that starts with `prefix`, as the HTML part holds it (the
 * plain-text part may wrap a long link).
 */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const html = typeof mail.html === 'string' ? mail.html : '';
  for (const [, href = ''] of html.matchAll(/href="([^"]+)"/g)) {
    const link = href.replaceAll('&amp;', '&');
    if (link.startsWith(prefix)) return link;
  }
  throw new Error(`no link starting with ${prefix} in: ${html}`);
}

/**
 * Makes the database refuse to queue one kind of mail, as a crash at that moment would leave it
 * unqueued; returns the undo. What the mail's cause wrote must then be undone with it.
 */
export async function refuseToQueue(db: Database, kind: MailKind): Promise<() => Promise<void>> {
  await db.execute(
    sql.raw(`create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'mail refused for the test'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger refuse_mail before insert on outbox
      for each row when (new.kind = '${kind}') execute function refuse_mail()`),
  );
  return async () => {
    await db.execute(sql.raw('drop trigger refuse_mail on outbox'));
    await db.execute(sql.raw('drop function refuse_mail()'));
  };
}
