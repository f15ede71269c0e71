import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A local stand-in for the parts of Stripe's HTTP API the server calls through the official SDK
 * (STRIPE_API_BASE points the SDK here), answering Stripe's JSON shapes: Checkout Sessions,
 * Subscriptions, customer balance transactions, and Stripe's error body for unknown ids. Tests
 * drive what would happen on Stripe's side (a buyer paying, a renewal failing) with the helpers
 * below, and sign webhook payloads with the SDK's own generateTestHeaderString.
 */

type Json = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: Json;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  url: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  balanceTransactions: Json[];
  /** While true, every call answers 500 as Stripe does when it has trouble of its own. */
  down: boolean;
  /** What Stripe does when the buyer pays: a customer, a subscription (trialing when the session asked for a trial), a complete session. */
  completeCheckout(sessionId: string, buyer?: { email?: string; name?: string }): Json;
  /** Changes a subscription as Stripe would (status, cancellation, periods). */
  updateSubscription(id: string, changes: Json): Json;
  /** A webhook event around an object, as Stripe sends it. */
  event(type: string, object: Json, id?: string): Json;
  /** The Stripe-Signature header for a payload; `timestamp` in seconds, default now. */
  sign(payload: string, timestamp?: number): string;
  close(): Promise<void>;
}

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export async function startFakeStripe(): Promise<FakeStripe> {
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const balanceTransactions: Json[] = [];
  const idempotent = new Map<string, { status: number; body: Json }>();

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    if (fake.down) return { status: 500, body: { error: { type: 'api_error', message: 'An unknown error occurred' } } };
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return invalidSession(body) ?? ok(createSession(body));
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET')
      return found(sessions.get(match[1]), 'checkout.session', match[1]);
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1]);
      if (method === 'GET' || !subscription) return found(subscription, 'subscription', match[1]);
      if (method === 'DELETE') return cancelNow(subscription);
      return ok(applyUpdate(subscription, body));
    }
    if ((match = /^\/v1\/customers\/([^/]+)\/balance_transactions$/.exec(path)) && method === 'POST') {
      const transaction = {
        id: newId('cbtxn'),
        object: 'customer_balance_transaction',
        amount: Number(body.amount),
        currency: body.currency,
        customer: match[1],
        description: body.description ?? null,
        type: 'adjustment',
        created: now(),
        livemode: false,
      };
      balanceTransactions.push(transaction);
      return ok(transaction);
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  /** Stripe Checkout's own checks of what this project sends: a trial must end 48 hours or more from now. */
  function invalidSession(body: Json): { status: number; body: Json } | null {
    const trialEnd = body.subscription_data?.trial_end;
    if (trialEnd === undefined || Number(trialEnd) >= now() + 2 * DAY) return null;
    return {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          param: 'subscription_data[trial_end]',
          message: 'The `trial_end` date has to be at least 2 days in the future.',
        },
      },
    };
  }

  function createSession(body: Json): Json {
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const session = {
      id,
      object: 'checkout.session',
      mode: body.mode,
      status: 'open',
      payment_status: 'unpaid',
      url: `https://checkout.stripe.com/c/pay/${id}`,
      success_url: String(body.success_url).replace('{CHECKOUT_SESSION_ID}', id),
      cancel_url: body.cancel_url,
      client_reference_id: body.client_reference_id ?? null,
      customer: body.customer ?? null,
      customer_email: body.customer_email ?? null,
      customer_details: null,
      metadata: body.metadata ?? {},
      subscription: null,
      amount_total: Number(body.line_items?.[0]?.price_data?.unit_amount ?? 0),
      currency: 'usd',
      created: now(),
      expires_at: now() + DAY,
      livemode: false,
      // Kept for completeCheckout; Stripe keeps these on its side too.
      _subscription_data: body.subscription_data ?? {},
      _line_item: body.line_items?.[0] ?? {},
    };
    sessions.set(id, session);
    return session;
  }

  /** DELETE /v1/subscriptions/:id: ended now; Stripe refuses one that has ended already. */
  function cancelNow(subscription: Json): { status: number; body: Json } {
    if (subscription.status === 'canceled') {
      return { status: 400, body: { error: { type: 'invalid_request_error', message: `No such subscription: '${subscription.id}'` } } };
    }
    Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
    return ok(subscription);
  }

  function applyUpdate(subscription: Json, changes: Json): Json {
    if ('cancel_at_period_end' in changes) {
      subscription.cancel_at_period_end = changes.cancel_at_period_end === 'true' || changes.cancel_at_period_end === true;
      subscription.canceled_at = subscription.cancel_at_period_end ? now() : null;
      subscription.cancel_at = subscription.cancel_at_period_end ? subscription.items.data[0].current_period_end : null;
    }
    return subscription;
  }

  const server = createServer((request, response) => {
    void handle(request, response);
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of request) raw += chunk;
    const url = new URL(request.url ?? '/', 'http://fake-stripe');
    const body = decodeForm(request.method === 'GET' ? url.search.slice(1) : raw);
    const idempotencyKey = header(request, 'idempotency-key');
    requests.push({ method: request.method ?? 'GET', path: url.pathname, body, idempotencyKey });

    const replayKey = idempotencyKey && `${request.method} ${url.pathname} ${idempotencyKey}`;
    const answer = (replayKey && idempotent.get(replayKey)) || route(request.method ?? 'GET', url.pathname, body);
    if (replayKey && !idempotent.has(replayKey)) idempotent.set(replayKey, answer);
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(publicView(answer.body)));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  const fake: FakeStripe = {
    url: `http://127.0.0.1:${port}`,
    webhookSecret,
    requests,
    sessions,
    subscriptions,
    balanceTransactions,
    down: false,
    completeCheckout(sessionId, buyer = {}) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const customer = session.customer ?? newId('cus');
      const subscription = newSubscription(customer, session);
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, {
        status: 'complete',
        payment_status: subscription.status === 'trialing' ? 'no_payment_required' : 'paid',
        customer,
        subscription: subscription.id,
        customer_details: { email: buyer.email ?? session.customer_email, name: buyer.name ?? null },
      });
      return subscription;
    },
    updateSubscription(id, changes) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      return Object.assign(subscription, changes);
    },
    event(type, object, id = newId('evt')) {
      return {
        id,
        object: 'event',
        type,
        api_version: Stripe.API_VERSION,
        created: now(),
        livemode: false,
        data: { object: publicView(object) },
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
    },
    sign(payload, timestamp = now()) {
      return Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret, timestamp });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return fake;
}

function newSubscription(customer: string, session: Json): Json {
  const data = session._subscription_data;
  const line = session._line_item;
  const interval = line.price_data?.recurring?.interval ?? 'year';
  const start = now();
  const trialDays = Number(data.trial_period_days ?? 0);
  const trialEnd = data.trial_end ? Number(data.trial_end) : trialDays ? start + trialDays * DAY : null;
  const periodEnd = trialEnd ?? start + (interval === 'month' ? 30 : 365) * DAY;
  return {
    id: newId('sub'),
    object: 'subscription',
    customer,
    status: trialEnd ? 'trialing' : 'active',
    metadata: data.metadata ?? {},
    start_date: start,
    created: start,
    trial_start: trialEnd ? start : null,
    trial_end: trialEnd,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    ended_at: null,
    livemode: false,
    items: {
      object: 'list',
      has_more: false,
      url: '/v1/subscription_items',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          current_period_start: start,
          current_period_end: periodEnd,
          quantity: 1,
          price: {
            id: line.price ?? newId('price'),
            object: 'price',
            currency: 'usd',
            unit_amount: Number(line.price_data?.unit_amount ?? 0),
            recurring: { interval, interval_count: 1 },
          },
        },
      ],
    },
  };
}

function ok(body: Json) {
  return { status: 200, body };
}

function found(object: Json | undefined, kind: string, id: string) {
  if (object) return ok(object);
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` } },
  };
}

/** Stripe never shows what it keeps to itself (the fields this fake prefixes with "_"). */
function publicView(object: Json): Json {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !key.startsWith('_')));
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Decodes the SDK's form encoding: a[b][0][c]=v into { a: { b: [{ c: 'v' }] } }. */
function decodeForm(encoded: string): Json {
  const root: Json = {};
  for (const pair of encoded.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const path = key.split(/[[\]]+/).filter(Boolean);
    let node: Json = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(path[index + 1]) ? [] : {};
      node = node[part];
    });
  }
  return root;
}
