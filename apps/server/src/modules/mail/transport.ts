import { createTransport, type Transporter } from 'nodemailer';

/**
 * nodemailer over SMTP (`smtp://user:pass@host:port`, or `smtps://` for TLS from the start).
 * Timeouts are short: a silent server must not hold a claimed mail past its lease.
 */
export function createSmtpTransport(url: URL): Transporter {
  return createTransport({
    url: url.toString(),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
