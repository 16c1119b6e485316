// The look every mail shares: the layout, an order's summary, a button with its address.
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
import type { ReactNode } from 'react';

import { formatCents } from '@apex/contract';

import type { OrderFacts } from '../../lib/outbox';

export const SHOP = 'Apex Parts';

export const styles = {
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

export function Layout({
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

export function OrderSummary({ order, state }: { order: OrderFacts; state: string }) {
  return (
    <Section>
      {order.lines && order.lines.length > 1 ? (
        // A receipt names every line of a cart's order; an order of one part reads as it always has.
        order.lines.map((line, position) => (
          <Text key={position} style={styles.facts}>
            {line.partName} × {line.quantity}: {formatCents(line.totalCents)}
          </Text>
        ))
      ) : (
        <>
          <Text style={styles.facts}>Part: {order.partName}</Text>
          <Text style={styles.facts}>Quantity: {order.quantity}</Text>
        </>
      )}
      <Text style={styles.facts}>Total: {formatCents(order.totalCents)}</Text>
      <Text style={styles.facts}>State: {state}</Text>
      {order.transactionId ? (
        <Text style={styles.facts}>Transaction id: {order.transactionId}</Text>
      ) : null}
      {order.testPayment ? <Text style={styles.facts}>Test payment: no money moved.</Text> : null}
    </Section>
  );
}

export function Action({ href, label }: { href: string; label: string }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button href={href} style={styles.button}>
        {label}
      </Button>
      <Text style={styles.footer}>Or open this address: {href}</Text>
    </Section>
  );
}
