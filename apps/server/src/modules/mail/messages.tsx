import { Text } from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { ReactNode } from 'react';

import type { MailMessage } from '../../lib/outbox';
import { Action, Layout, money, OrderSummary, SHOP, styles } from './layout';

/** A message ready for the mail server: subject, HTML and plain-text parts. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

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
            preview={`Pay ${money(order.totalCents)} to confirm your order`}
            heading="Order placed"
          >
            <Text style={styles.text}>
              Hello {message.name}, thank you for your order. We hold the parts for you until it is
              paid{message.expiresAt ? ` (until ${formatTime(message.expiresAt)})` : ''}.
            </Text>
            <OrderSummary order={order} state="Unpaid" />
            <Action href={at(`/dashboard/payment/${order.id}`)} label="Pay for this order" />
          </Layout>
        ),
      };
    }
    case 'order-paid': {
      const { order } = message;
      return {
        subject: `Payment received for your ${order.partName} order`,
        body: (
          <Layout preview={`We received ${money(order.totalCents)}`} heading="Payment received">
            <Text style={styles.text}>
              Hello {message.name}, we received your payment. We will ship your order soon.
            </Text>
            <OrderSummary order={order} state="Paid, to be shipped" />
            <Action href={at('/dashboard')} label="See your orders" />
          </Layout>
        ),
      };
    }
    case 'order-shipped': {
      const { order } = message;
      return {
        subject: `Your ${order.partName} order has shipped`,
        body: (
          <Layout preview="Your order is on its way" heading="Order shipped">
            <Text style={styles.text}>Hello {message.name}, your order is on its way.</Text>
            <OrderSummary order={order} state="Shipped" />
            <Action href={at('/dashboard')} label="See your orders" />
          </Layout>
        ),
      };
    }
    case 'order-deleted': {
      const { order } = message;
      return {
        subject: `Your unpaid ${order.partName} order was cancelled by the shop`,
        body: (
          <Layout preview="Your unpaid order was cancelled" heading="Order cancelled">
            <Text style={styles.text}>
              Hello {message.name}, the shop cancelled your unpaid order. Nothing was charged.
            </Text>
            <OrderSummary order={order} state="Cancelled by the shop" />
            <Action href={at('/#parts')} label="See the parts" />
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
    case 'verify-email':
      return {
        subject: `Confirm your e-mail address for ${SHOP}`,
        body: (
          <Layout preview="One click to confirm your address" heading="Confirm your e-mail address">
            <Text style={styles.text}>
              Hello {message.name}, please confirm that this address is yours.
            </Text>
            {message.link ? (
              <Action href={message.link} label="Confirm my address" />
            ) : (
              <Text style={styles.footer}>(The link is not kept once the mail is sent.)</Text>
            )}
            <Text style={styles.footer}>If you did not sign up, ignore this message.</Text>
          </Layout>
        ),
      };
    case 'password-reset':
      return {
        subject: `Reset your ${SHOP} password`,
        body: (
          <Layout preview="A link to choose a new password" heading="Reset your password">
            <Text style={styles.text}>
              Hello {message.name}, someone asked to reset the password of your account. The link
              works once, for one hour.
            </Text>
            {message.link ? (
              <Action href={message.link} label="Choose a new password" />
            ) : (
              <Text style={styles.footer}>(The link is not kept once the mail is sent.)</Text>
            )}
            <Text style={styles.footer}>
              If you did not ask, ignore this message: your password stays as it is.
            </Text>
          </Layout>
        ),
      };
  }
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
