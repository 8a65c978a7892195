import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A local HTTP server that plays the few Stripe API calls the system makes (payment_intents create, retrieve
 * and cancel, refunds create), so that tests run the real Stripe SDK offline: point STRIPE_API_URL at
 * `stub.url`. It honours Idempotency-Key like Stripe (same key, same answer, nothing new made) and
 * builds the webhook events a test then signs with `signedWebhook`.
 */

type Obj = Record<string, unknown>;

export interface StubIntent extends Obj {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: Stripe.PaymentIntent.Status;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string } | null;
  latest_charge: string | null;
  /** As allowed (`allowed_payment_method_types[]`); Stripe's automatic methods (any the dashboard enables) when none were. */
  payment_method_types: string[] | 'automatic';
}

export interface StubRefund extends Obj {
  id: string;
  object: 'refund';
  amount: number;
  payment_intent: string;
  status: 'succeeded' | 'pending' | 'failed';
  metadata: Record<string, string>;
}

export interface StripeStub {
  url: string;
  intents: Map<string, StubIntent>;
  refunds: Map<string, StubRefund>;
  /** Every call: method, path and idempotency key. */
  requests: { method: string; path: string; idempotencyKey: string | undefined }[];
  /** Marks an intent paid (as the Payment Element would) and answers the payment_intent.succeeded event. */
  succeed: (intentId: string) => Stripe.Event;
  /** Marks a payment attempt declined and answers the payment_intent.payment_failed event. */
  fail: (intentId: string, message?: string) => Stripe.Event;
  /** A refund of part of the payment made by hand in Stripe's dashboard (no API call of ours). */
  refundInDashboard: (intentId: string, amount: number) => void;
  /** The charge.refunded event of a refunded intent (amount_refunded: every refund so far). */
  chargeRefunded: (intentId: string) => Stripe.Event;
  /** The status refunds made through the API get from now on (Stripe answers `pending` or even `failed` at times). */
  refundsAnswer: (status: StubRefund['status']) => void;
  /** A refund the card's bank refused after all: marked failed, and its refund.failed event. */
  refundFails: (refundId: string, reason?: string) => Stripe.Event;
  /** The card's bank settles a pending refund: its `refund.updated` event (status succeeded). */
  refundSucceeds: (refundId: string) => Stripe.Event;
  /** The card refund's reference number arrives (days later): a refund.updated that leaves its status as it was. */
  refundReferenceArrives: (refundId: string) => Stripe.Event;
  /** The customer disputed the payment with their bank: Stripe refuses to refund it (`charge_disputed`) until closed. */
  dispute: (intentId: string, open?: boolean) => void;
  /** Forgets every idempotency key, as Stripe does after a day. */
  forgetIdempotencyKeys: () => void;
  /** Runs `action` before the next call is answered (a change made while Stripe is being asked). */
  beforeNextAnswer: (action: () => Promise<unknown>) => void;
  /**
   * Makes the next n calls answer 500 (Stripe being down), or 401 (`unauthorized`: our key refused). A `saved`
   * outage is remembered under the call's idempotency key, as Stripe does: the same key answers 500 for a day.
   */
  failNext: (n: number, kind?: 'outage' | 'unauthorized' | 'saved') => void;
  close: () => Promise<void>;
}

/** The states Stripe lets an intent be cancelled from. */
const CANCELABLE = new Set<Stripe.PaymentIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** application/x-www-form-urlencoded with Stripe's brackets (`metadata[bookingId]=...`) to an object. */
function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Obj;
    node[path.at(-1)!] = value;
  }
  return out;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
}

const missing = (what: string, value: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${value}'` },
});

export async function startStripeStub(): Promise<StripeStub> {
  const intents = new Map<string, StubIntent>();
  const refunds = new Map<string, StubRefund>();
  let refundStatus: StubRefund['status'] = 'succeeded';
  const charges = new Map<string, string>(); // intent id -> charge id
  const disputed = new Set<string>(); // intent ids
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const requests: StripeStub['requests'] = [];
  let failures = 0;
  let failure: 'outage' | 'unauthorized' | 'saved' = 'outage';

  const handle = (method: string, path: string, params: Obj): { status: number; body: unknown } => {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return {
          status: 400,
          body: {
            error: { type: 'invalid_request_error', message: 'Amount must be at least $0.50 usd', param: 'amount' },
          },
        };
      }
      const intentId = id('pi');
      const intent: StubIntent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: String(params.currency ?? 'usd'),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        metadata: (params.metadata as Record<string, string>) ?? {},
        description: params.description ?? null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        payment_method_types: params.allowed_payment_method_types
          ? Object.values(params.allowed_payment_method_types as Record<string, string>)
          : 'automatic',
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      const intent = intents.get(m[1]!);
      return intent ? { status: 200, body: intent } : { status: 404, body: missing('payment_intent', m[1]!) };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
      const intent = intents.get(m[1]!);
      if (!intent) return { status: 404, body: missing('payment_intent', m[1]!) };
      if (!CANCELABLE.has(intent.status)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
            },
          },
        };
      }
      Object.assign(intent, { status: 'canceled', cancellation_reason: params.cancellation_reason ?? null });
      return { status: 200, body: intent };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      // newest first, as Stripe lists them
      let all = [...refunds.values()]
        .filter((r) => !params.charge || r.charge === params.charge)
        .filter((r) => !params.payment_intent || r.payment_intent === params.payment_intent)
        .reverse();
      if (params.starting_after) all = all.slice(all.findIndex((r) => r.id === params.starting_after) + 1);
      const data = all.slice(0, params.limit ? Number(params.limit) : 10);
      return { status: 200, body: { object: 'list', data, has_more: data.length < all.length, url: path } };
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundPath) {
      const refund = refunds.get(refundPath[1]!);
      return refund ? { status: 200, body: refund } : { status: 404, body: missing('refund', refundPath[1]!) };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(params.payment_intent));
      if (!intent) return { status: 404, body: missing('payment_intent', String(params.payment_intent)) };
      if (intent.status !== 'succeeded') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'charge_not_succeeded',
              message: 'This PaymentIntent has no successful charge to refund.',
            },
          },
        };
      }
      if (disputed.has(intent.id)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'charge_disputed',
              message: `Charge ${intent.latest_charge} has been charged back; cannot issue a refund.`,
            },
          },
        };
      }
      // Stripe refunds what is left of the charge when no amount is asked
      const left = intent.amount_received - refundedOf(intent.id);
      if (left <= 0 || (params.amount && Number(params.amount) > left)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Refund amount is greater than unrefunded amount on charge.',
            },
          },
        };
      }
      const refund: StubRefund = {
        id: id('re'),
        object: 'refund',
        amount: params.amount ? Number(params.amount) : left,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        currency: intent.currency,
        status: refundStatus,
        metadata: (params.metadata as Record<string, string>) ?? {},
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    };
  };

  let beforeNext: (() => Promise<unknown>) | null = null;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', async () => {
      const action = beforeNext;
      beforeNext = null;
      if (action) await action();
      const url = new URL(req.url ?? '/', 'http://stub');
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey: key });
      if (failures > 0) {
        failures -= 1;
        if (failure === 'unauthorized') {
          const message = 'Invalid API Key provided: sk_test_****stub';
          return send(res, 401, { error: { type: 'invalid_request_error', message } });
        }
        const outage = { type: 'api_error', message: 'Stripe stub: simulated outage' };
        if (failure === 'saved' && key)
          idempotent.set(`${req.method} ${url.pathname} ${key}`, { status: 500, body: { error: outage } });
        return send(res, 500, { error: outage });
      }
      if (key && idempotent.has(`${req.method} ${url.pathname} ${key}`)) {
        const stored = idempotent.get(`${req.method} ${url.pathname} ${key}`)!;
        return send(res, stored.status, stored.body);
      }
      const params = req.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(raw);
      const answer = handle(req.method ?? 'GET', url.pathname, params);
      if (key && answer.status < 500) idempotent.set(`${req.method} ${url.pathname} ${key}`, answer);
      send(res, answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const event = (type: string, object: Obj): Stripe.Event =>
    ({
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    }) as unknown as Stripe.Event;

  /** An `*.updated` event: Stripe names in previous_attributes the fields that changed and their old values. */
  const updated = (type: string, object: Obj, previous: Obj): Stripe.Event => {
    const e = event(type, object);
    (e.data as { previous_attributes?: Obj }).previous_attributes = previous;
    return e;
  };

  const refundedOf = (intentId: string) =>
    [...refunds.values()]
      .filter((r) => r.payment_intent === intentId && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);

  const intentOf = (intentId: string) => {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`Stripe stub: no intent ${intentId}`);
    return intent;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    succeed: (intentId) => {
      const intent = intentOf(intentId);
      if (intent.status === 'canceled') throw new Error(`Stripe stub: ${intentId} is canceled and cannot be paid`);
      const chargeId = charges.get(intentId) ?? id('ch');
      charges.set(intentId, chargeId);
      Object.assign(intent, {
        status: 'succeeded',
        amount_received: intent.amount,
        latest_charge: chargeId,
        last_payment_error: null,
      });
      return event('payment_intent.succeeded', intent);
    },
    fail: (intentId, message = 'Your card was declined.') => {
      const intent = intentOf(intentId);
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { message, code: 'card_declined' },
      });
      return event('payment_intent.payment_failed', intent);
    },
    refundInDashboard: (intentId, amount) => {
      const intent = intentOf(intentId);
      const refund: StubRefund = {
        id: id('re'),
        object: 'refund',
        amount,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        currency: intent.currency,
        status: 'succeeded',
        metadata: {},
      };
      refunds.set(refund.id, refund);
    },
    chargeRefunded: (intentId) => {
      const intent = intentOf(intentId);
      // newest first, as Stripe lists them
      const list = [...refunds.values()].filter((r) => r.payment_intent === intentId).reverse();
      const refunded = list.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
      return event('charge.refunded', {
        id: charges.get(intentId) ?? id('ch'),
        object: 'charge',
        amount: intent.amount_received,
        amount_refunded: refunded,
        refunded: refunded >= intent.amount_received,
        payment_intent: intentId,
        metadata: {},
        refunds: { object: 'list', data: list, has_more: false },
      });
    },
    dispute: (intentId, open = true) => {
      if (open) disputed.add(intentId);
      else disputed.delete(intentId);
    },
    refundsAnswer: (status) => {
      refundStatus = status;
    },
    refundFails: (refundId, reason = 'expired_or_canceled_card') => {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = 'failed';
      return event('refund.failed', { ...refund, failure_reason: reason });
    },
    refundSucceeds: (refundId) => {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      const previous = refund.status;
      refund.status = 'succeeded';
      return updated('refund.updated', { ...refund }, { status: previous });
    },
    refundReferenceArrives: (refundId) => {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      const pending = { card: { reference_status: 'pending', type: 'refund' } };
      refund.destination_details = { card: { reference: 'ARN-0001', reference_status: 'available', type: 'refund' } };
      return updated('refund.updated', { ...refund }, { destination_details: pending });
    },
    forgetIdempotencyKeys: () => idempotent.clear(),
    beforeNextAnswer: (action) => {
      beforeNext = action;
    },
    failNext: (n, kind = 'outage') => {
      failures = n;
      failure = kind;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body and headers of a webhook delivery of `event`, signed as Stripe signs them. */
export function signedWebhook(event: unknown, secret: string, options: { timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp });
  return { payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
}
