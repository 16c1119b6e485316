// The mail server of the shop under test during the journeys: a real SMTP server that keeps
// every mail it accepts, and a small HTTP API where the journeys read them, as a customer reads
// their inbox:
//
//   GET /messages?to=ADDRESS → the mails to ADDRESS, oldest first, as JSON (CaughtMail[]);
//   GET /messages            → every mail.
import { createServer } from 'node:http';

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

import { mailCatcherHttpPort, mailCatcherSmtpPort } from './servers';

/** One received mail, as the journeys see it. */
export interface CaughtMail {
  /** The addresses the mail was delivered to (the SMTP envelope's, in lower case). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Every web address the mail links to, in order of appearance, once each. */
  links: string[];
  receivedAt: string;
}

const caught: CaughtMail[] = [];

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
const decodeEntities = (value: string) =>
  value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&(amp|quot|apos|lt|gt);/g, (_, name: string) => ENTITIES[name] ?? '');

/** The links a reader can follow: the HTML part's hrefs, or the addresses in the text. */
function linksOf(html: string, text: string): string[] {
  const hrefs = [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((m) => decodeEntities(m[1] ?? ''));
  const found = hrefs.length > 0 ? hrefs : (text.match(/https?:\/\/[^\s<>"')]+/g) ?? []);
  return [...new Set(found.filter((link) => /^https?:\/\//i.test(link)))];
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const html = typeof mail.html === 'string' ? mail.html : '';
        const text = mail.text ?? '';
        caught.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          from: mail.from?.text ?? '',
          subject: mail.subject ?? '',
          text,
          html,
          links: linksOf(html, text),
          receivedAt: new Date().toISOString(),
        });
        callback();
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'GET' || url.pathname !== '/messages') {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const mails = to ? caught.filter((mail) => mail.to.includes(to)) : caught;
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mails));
});

await new Promise<void>((resolve) => smtp.listen(mailCatcherSmtpPort, '127.0.0.1', resolve));
await new Promise<void>((resolve) => http.listen(mailCatcherHttpPort, '127.0.0.1', resolve));
console.log(
  `Mail catcher: SMTP on 127.0.0.1:${mailCatcherSmtpPort}, mails at http://127.0.0.1:${mailCatcherHttpPort}/messages`,
);
