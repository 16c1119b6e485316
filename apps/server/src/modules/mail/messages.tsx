import { Link, Section, Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { ReactNode } from 'react';

import { formatCents } from '@apex/contract';

import type { MailMessage, OrderFacts } from '../../lib/outbox';
import { Action, Layout, OrderSummary, SHOP, styles } from './layout';

/** A message ready for the mail server: subject, HTML and plain-text parts. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** What became of an order after it was placed, as its customer is told, and where to look next. */
const orderNews: Record<
  'order-paid' | 'order-shipped' | 'order-deleted' | 'order-sold-out',
  {
    subject: (partName: string) => string;
    preview: (order: OrderFacts) => string;
    heading: string;
    greeting: (name: string) => ReactNode;
    state: string;
    next: { path: string; label: string };
  }
> = {
  'order-paid': {
    subject: (partName) => `Payment received for your ${partName} order`,
    preview: (order) => `We received ${formatCents(order.totalCents)}`,
    heading: 'Payment received',
    greeting: (name) => <>Hello {name}, we received your payment. We will ship your order soon.</>,
    state: 'Paid, to be shipped',
    next: { path: '/dashboard', label: 'See your orders' },
  },
  'order-shipped': {
    subject: (partName) => `Your ${partName} order has shipped`,
    preview: () => 'Your order is on its way',
    heading: 'Order shipped',
    greeting: (name) => <>Hello {name}, your order is on its way.</>,
    state: 'Shipped',
    next: { path: '/dashboard', label: 'See your orders' },
  },
  'order-deleted': {
    subject: (partName) => `Your unpaid ${partName} order was cancelled by the shop`,
    preview: () => 'Your unpaid order was cancelled',
    heading: 'Order cancelled',
    greeting: (name) => (
      <>Hello {name}, the shop cancelled your unpaid order. Nothing was charged.</>
    ),
    state: 'Cancelled by the shop',
    next: { path: '/#parts', label: 'See the parts' },
  },
  'order-sold-out': {
    subject: (partName) => `Your ${partName} order sold out before your payment arrived: refunded`,
    preview: (order) => `We refund ${formatCents(order.totalCents)} in full`,
    heading: 'Sold out: payment refunded',
    greeting: (name) => (
      <>
        Hello {name}, the parts of this order were not held for you, and someone else paid for the
        last of them first. We cancelled the order and refund your payment in full.
      </>
    ),
    state: 'Cancelled: sold out, refunded',
    next: { path: '/#parts', label: 'See the parts' },
  },
};

/** The subject and the body of one message; links point at the shop's public address. */
function compose(message: MailMessage, shop: URL): { subject: string; body: ReactNode } {
  const at = (path: string) => new URL(path, shop).toString();
  switch (message.kind) {
    case 'order-placed': {
      const { order } = message;
      return {
        subject: `Your order for ${order.partName} is placed: pay to confirm it`,
        body: (
          <Layout
            preview={`Pay ${formatCents(order.totalCents)} to confirm your order`}
            heading="Order placed"
          >
            <Text style={styles.text}>
              Hello {message.name}, thank you for your order.{' '}
              {message.held === false
                ? 'Its parts are not held: the last of them go to whoever pays first, so pay soon.'
                : `We hold the parts for you until it is paid${
                    message.expiresAt ? ` (until ${formatTime(message.expiresAt)})` : ''
                  }.`}
            </Text>
            <OrderSummary order={order} state="Unpaid" />
            <Action href={at(`/dashboard/payment/${order.id}`)} label="Pay for this order" />
          </Layout>
        ),
      };
    }
    case 'order-paid':
    case 'order-shipped':
    case 'order-deleted':
    case 'order-sold-out': {
      const { order } = message;
      const news = orderNews[message.kind];
      return {
        subject: news.subject(order.partName),
        body: (
          <Layout preview={news.preview(order)} heading={news.heading}>
            <Text style={styles.text}>{news.greeting(message.name)}</Text>
            <OrderSummary order={order} state={news.state} />
            <Action href={at(news.next.path)} label={news.next.label} />
          </Layout>
        ),
      };
    }
    case 'low-stock': {
      const { part } = message;
      return {
        subject: `Low stock: ${part.name} (${part.stock} left)`,
        body: (
          <Layout
            preview={`${part.stock} left, minimum order ${part.minOrder}`}
            heading="Low stock"
          >
            <Text style={styles.text}>
              An order took the stock of {part.name} below its minimum order: {part.stock} left, the
              minimum order is {part.minOrder}. Customers cannot order it until it is restocked.
            </Text>
            <Action href={at(`/dashboard/editproduct/${part.id}`)} label="Restock this part" />
          </Layout>
        ),
      };
    }
    case 'contact-question':
      return {
        subject: `Question from ${message.from}`,
        body: (
          <Layout preview={message.question.slice(0, 80)} heading="A question from the shop's page">
            <Text style={styles.text}>{message.from} asked through the contact form:</Text>
            <Text style={{ ...styles.text, whiteSpace: 'pre-wrap' }}>{message.question}</Text>
            <Action href={`mailto:${message.from}`} label="Answer by e-mail" />
          </Layout>
        ),
      };
    case 'contact-digest': {
      const { questions } = message;
      const count = questions.length === 1 ? 'A question' : `${questions.length} questions`;
      return {
        subject: `${count} from the shop's contact form`,
        body: (
          <Layout preview={`${count} to answer`} heading={`${count} from the shop's page`}>
            {questions.map((asked, i) => (
              <Section key={i} style={{ margin: '0 0 16px' }}>
                <Text style={styles.facts}>
                  {asked.from} asked on {formatTime(asked.askedAt)}:
                </Text>
                <Text style={{ ...styles.text, whiteSpace: 'pre-wrap' }}>{asked.question}</Text>
                <Link href={`mailto:${asked.from}`}>Answer {asked.from}</Link>
              </Section>
            ))}
          </Layout>
        ),
      };
    }
    case 'verify-email':
      return {
        subject: `Confirm your e-mail address for ${SHOP}`,
        body: (
          <Layout preview="One step to finish signing up" heading="Confirm your e-mail address">
            <Text style={styles.text}>
              Someone signed up at {SHOP} with this address. To finish, open the link and type the
              password chosen at sign-up. The link works for 24 hours.
            </Text>
            <OneTimeLink link={message.link} label="Confirm my address" />
            <Text style={styles.footer}>
              If you did not sign up, ignore this message: no account is made without it.
            </Text>
          </Layout>
        ),
      };
    case 'password-reset':
      return {
        subject: `Reset your ${SHOP} password`,
        body: (
          <Layout preview="A link to choose a new password" heading="Reset your password">
            <Text style={styles.text}>
              Someone asked to reset the password of the account with this address. The link works
              once, for one hour.
            </Text>
            <OneTimeLink link={message.link} label="Choose a new password" />
            <Text style={styles.footer}>
              If you did not ask, ignore this message: your password stays as it is.
            </Text>
          </Layout>
        ),
      };
    case 'sign-up-existing':
      return {
        subject: `Someone tried to sign up at ${SHOP} with your address`,
        body: (
          <Layout preview="You have an account already" heading="You have an account already">
            <Text style={styles.text}>
              Someone tried to sign up at {SHOP} with this address, which has an account already. If
              it was you, sign in; if you forgot your password, choose a new one.
            </Text>
            <Action href={at('/login')} label="Sign in" />
            <Text style={styles.footer}>
              If it was not you, ignore this message: nothing changed on your account.
            </Text>
          </Layout>
        ),
      };
  }
}

/** A link that works once; empty once the mail was sent, and whenever an admin reads it. */
function OneTimeLink({ link, label }: { link: string; label: string }) {
  return link ? (
    <Action href={link} label={label} />
  ) : (
    <Text style={styles.footer}>(The link is only in the mail itself.)</Text>
  );
}

function formatTime(iso: string): string {
  return new Date(iso).toUTCString().replace('GMT', 'UTC');
}

/** A queued message's subject line, without rendering its body. */
export function mailSubject(message: MailMessage, shop: URL): string {
  return compose(message, shop).subject;
}

/** Renders a queued message as the mail server receives it. */
export async function renderMail(message: MailMessage, shop: URL): Promise<RenderedMail> {
  const { subject, body } = compose(message, shop);
  const html = await render(body);
  return { subject, html, text: toPlainText(html) };
}
