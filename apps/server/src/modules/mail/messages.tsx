import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render, toPlainText } from '@react-email/render';
import type { ReactNode } from 'react';

import { centsToDollars } from '@apex/contract';

import type { MailMessage, OrderFacts } from '../../lib/outbox';

const SHOP = 'Apex Parts';

/** A message ready for the mail server: subject, HTML and plain-text parts. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const styles = {
  body: { backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0 },
  container: {
    backgroundColor: '#ffffff',
    margin: '24px auto',
    maxWidth: '560px',
    padding: '24px 32px',
    borderRadius: '8px',
  },
  brand: { color: '#b91c1c', fontSize: '14px', fontWeight: 700, letterSpacing: '0.08em' },
  heading: { color: '#18181b', fontSize: '22px', margin: '8px 0 16px' },
  text: { color: '#27272a', fontSize: '16px', lineHeight: '24px' },
  facts: { color: '#27272a', fontSize: '15px', lineHeight: '22px', margin: '2px 0' },
  button: {
    backgroundColor: '#b91c1c',
    borderRadius: '6px',
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  footer: { color: '#52525b', fontSize: '13px', lineHeight: '20px' },
} as const;

function Layout({
  preview,
  heading,
  children,
}: {
  preview: string;
  heading: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        {/* Mail apps that show the HTML part as a page, and screen readers, name it by its title. */}
        <title>{`${heading} · ${SHOP}`}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>{SHOP.toUpperCase()}</Text>
          <Heading as="h1" style={styles.heading}>
            {heading}
          </Heading>
          {children}
          <Hr />
          <Text style={styles.footer}>
            {SHOP}: custom parts for sports cars. You get this message because of your account with
            us.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

const money = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`;

function OrderSummary({ order, state }: { order: OrderFacts; state: string }) {
  return (
    <Section>
      <Text style={styles.facts}>Part: {order.partName}</Text>
      <Text style={styles.facts}>Quantity: {order.quantity}</Text>
      <Text style={styles.facts}>Total: {money(order.totalCents)}</Text>
      <Text style={styles.facts}>State: {state}</Text>
      {order.transactionId ? (
        <Text style={styles.facts}>Transaction id: {order.transactionId}</Text>
      ) : null}
      {order.testPayment ? <Text style={styles.facts}>Test payment: no money moved.</Text> : null}
    </Section>
  );
}

function Action({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button href={href} style={styles.button}>
        {label}
      </Button>
      <Text style={styles.footer}>Or open this address: {href}</Text>
    </Section>
  );
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
