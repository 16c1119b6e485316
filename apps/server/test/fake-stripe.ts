import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A payment intent as the fake keeps it (the fields the shop reads). */
interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  allowed_payment_method_types: string[];
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

/**
 * A small, stateful stand-in for Stripe's payment intents API (Stripe itself is unreachable from
 * tests). It honours idempotency keys like Stripe, and `succeed()` plays the customer confirming.
 */
export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, string>();
  let created = 0;
  let cancelled = 0;
  const refunds: { id: string; amount: number; payment_intent: string }[] = [];
  const refundsByKey = new Map<string, unknown>();
  let refundsDown = false;
  let whileCreating: (() => Promise<unknown>) | null = null;
  let whileCancelling: (() => Promise<unknown>) | null = null;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      void readForm(request).then((form) => {
        if (refundsDown) {
          send(503, { error: { type: 'api_error', message: 'Refunds are down' } });
          return;
        }
        const key = request.headers['idempotency-key'];
        const intent = intents.get(form.get('payment_intent') ?? '');
        if (!intent || intent.status !== 'succeeded') {
          send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'This PaymentIntent has no succeeded charge to refund.',
            },
          });
          return;
        }
        const known = typeof key === 'string' ? refundsByKey.get(key) : undefined;
        if (known) {
          send(200, known);
          return;
        }
        const refund = {
          id: `re_fake_${refunds.length + 1}`,
          object: 'refund',
          amount: intent.amount,
          payment_intent: intent.id,
          status: 'succeeded',
        };
        refunds.push(refund);
        if (typeof key === 'string') refundsByKey.set(key, refund);
        send(200, refund);
      });
      return;
    }
    const match = /^\/v1\/payment_intents(?:\/([^/]+))?(\/cancel)?$/.exec(url.pathname);
    if (!match) {
      send(404, { error: { type: 'invalid_request_error', message: 'No route' } });
      return;
    }
    const id = match[1];
    if (request.method === 'POST' && id && match[2] && whileCancelling) {
      const meanwhile = whileCancelling;
      whileCancelling = null;
      void meanwhile().then(() => handle(request, response));
      return;
    }
    if (request.method === 'POST' && id && match[2]) {
      // As Stripe: an intent that succeeded, was cancelled or is processing cannot be cancelled.
      const intent = intents.get(id);
      if (intent && ['succeeded', 'canceled', 'processing'].includes(intent.status)) {
        send(400, {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            payment_intent: intent,
          },
        });
        return;
      }
      if (intent) {
        intent.status = 'canceled';
        cancelled++;
        send(200, intent);
        return;
      }
    }
    if (request.method === 'POST' && !id) {
      void readForm(request).then(async (form) => {
        const meanwhile = whileCreating;
        whileCreating = null;
        await meanwhile?.();
        const key = request.headers['idempotency-key'];
        const known = typeof key === 'string' ? byIdempotencyKey.get(key) : undefined;
        if (known) {
          send(200, intents.get(known));
          return;
        }
        created++;
        const intent: FakeIntent = {
          id: `pi_fake_${created}`,
          object: 'payment_intent',
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          allowed_payment_method_types: [...form.entries()]
            .filter(([name]) => name.startsWith('allowed_payment_method_types['))
            .map(([, value]) => value),
          status: 'requires_payment_method',
          client_secret: `pi_fake_${created}_secret_${created}`,
          metadata: { orderId: form.get('metadata[orderId]') ?? '' },
        };
        intents.set(intent.id, intent);
        if (typeof key === 'string') byIdempotencyKey.set(key, intent.id);
        send(200, intent);
      });
      return;
    }
    const intent = id ? intents.get(id) : undefined;
    if (request.method === 'GET' && intent) {
      send(200, intent);
      return;
    }
    send(404, {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: 'No such payment_intent',
      },
    });
  };
  const server: Server = createServer(handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: new URL(`http://127.0.0.1:${port}`),
    /** How many intents were really created (idempotent retries do not count). */
    createdCount: () => created,
    /** How many intents were cancelled. */
    cancelledCount: () => cancelled,
    /** Every refund made (idempotent retries do not count), oldest first. */
    refunds: () => [...refunds],
    /** While down, every refund is answered 503, as Stripe does in an outage. */
    setRefundsDown(down: boolean): void {
      refundsDown = down;
    },
    /** What Stripe.js's confirmCardPayment does when the card is accepted. */
    succeed(id: string): FakeIntent {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      // Stripe refuses to confirm a cancelled intent: the card is not charged.
      if (intent.status === 'canceled') throw new Error('payment_intent_unexpected_state');
      intent.status = 'succeeded';
      return intent;
    },
    /** A payment under way whose outcome is not known yet (some banks take their time). */
    process(id: string): void {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'processing';
    },
    statusOf: (id: string) => intents.get(id)?.status,
    /** Stripe keeps idempotency keys for 24 hours: after that, a repeated key makes a new intent. */
    forgetIdempotencyKeys: () => byIdempotencyKey.clear(),
    /** The intent created last: the one the shop asked for most recently. */
    lastCreated: () => intents.get(`pi_fake_${created}`),
    /**
     * Runs `meanwhile` once, while the next intent is being created (before Stripe answers): what
     * the rest of the shop may do while a call to Stripe is under way.
     */
    whileCreating(meanwhile: () => Promise<unknown>): void {
      whileCreating = meanwhile;
    },
    /** Runs `meanwhile` once, while the next cancel of an intent is under way. */
    whileCancelling(meanwhile: () => Promise<unknown>): void {
      whileCancelling = meanwhile;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
