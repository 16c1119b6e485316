import { createTransport, type Transporter } from 'nodemailer';

/**
 * nodemailer over SMTP (`smtp://user:pass@host:port`, or `smtps://` for TLS from the start).
 * Pooled: a burst of mail goes over a few open connections instead of one handshake per mail.
 * Timeouts are short: a silent server must not hold a claimed mail past its lease.
 */
export function createSmtpTransport(url: URL): Transporter {
  return createTransport({
    url: url.toString(),
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
