import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { localCheckoutSessions, localSubscriptions, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { hashToken } from '../auth/tokens';
import { billingMessages } from '../../shared/billing-messages';
import { PLAN_PRICE_CENTS, type PlanInterval } from '../../shared/plans';
import { TRIAL_DAYS } from '../../shared/trial';
import type { TestCheckoutAnswer } from '../../shared/billing-schemas';
import { nextRenewal } from './local-provider';
import { processPaymentEvent } from './payment-events';

/*
 * The local test checkout (BILLING=local): what Stripe's payment page does, on our own page. Pay
 * makes the provider-side subscription, then hands "checkout.session.completed" to the very code
 * that handles Stripe's webhooks. Nothing is charged.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

function openSession(token: string, now: Date) {
  return and(
    eq(localCheckoutSessions.tokenHash, hashToken(token)),
    eq(localCheckoutSessions.status, 'open'),
    gt(localCheckoutSessions.expiresAt, now),
  );
}

export async function describeTestCheckout(ctx: AppContext, token: string, now = new Date()): Promise<TestCheckoutAnswer> {
  const [session] = await ctx.database.db.select().from(localCheckoutSessions).where(openSession(token, now));
  if (!session) throw new HttpError(404, 'CHECKOUT_CLOSED', billingMessages.checkoutClosed);
  const plan = session.plan as PlanInterval;
  return {
    kind: session.kind as TestCheckoutAnswer['kind'],
    plan,
    amount: PLAN_PRICE_CENTS[plan],
    email: session.customerEmail,
    firstChargeAt: session.kind === 'upgrade' ? (session.trialEnd?.toISOString() ?? null) : null,
  };
}

interface Buyer {
  email?: string;
  name?: string;
}

/** "Pay": completes the session once (a second click finds it closed) and answers where to go next. */
export async function payTestCheckout(ctx: AppContext, token: string, buyer: Buyer, now = new Date()): Promise<string> {
  const { db } = ctx.database;
  const { session, subscriptionId } = await db.transaction(async (tx) => {
    const [session] = await tx
      .update(localCheckoutSessions)
      .set({ status: 'complete', customerEmail: buyer.email, customerName: buyer.name })
      .where(openSession(token, now))
      .returning();
    if (!session) throw new HttpError(404, 'CHECKOUT_CLOSED', billingMessages.checkoutClosed);
    if (session.kind === 'trial' && !(session.customerEmail && session.customerName)) {
      throw new HttpError(400, 'BUYER_REQUIRED', billingMessages.trialCheckoutNeedsBuyer);
    }
    const [buyerAccount] = session.userId
      ? await tx.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, session.userId))
      : [];
    const trialEnd = session.kind === 'trial' ? new Date(now.getTime() + TRIAL_DAYS * DAY_MS) : session.trialEnd;
    const [subscription] = await tx
      .insert(localSubscriptions)
      .values({
        id: localId('sub'),
        customerId: buyerAccount?.customerId?.startsWith('cus_local_') ? buyerAccount.customerId : localId('cus'),
        userId: session.userId,
        plan: session.plan,
        status: trialEnd ? 'trialing' : 'active',
        startedAt: now,
        currentPeriodStart: now,
        currentPeriodEnd: trialEnd ?? nextRenewal(now, session.plan),
        trialEnd,
      })
      .returning({ id: localSubscriptions.id });
    await tx
      .update(localCheckoutSessions)
      .set({ subscriptionId: subscription.id })
      .where(eq(localCheckoutSessions.tokenHash, session.tokenHash));
    return { session, subscriptionId: subscription.id };
  });

  const visitorCheckout =
    !session.userId && session.kind === 'trial' && session.customerEmail ? { sessionId: token, email: session.customerEmail } : undefined;
  await processPaymentEvent(
    ctx,
    { id: localId('evt'), type: 'checkout.session.completed', subscriptionId, userId: session.userId, visitorCheckout },
    now,
  );
  return session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(token));
}

/** "Cancel": closes the session and answers the page the checkout started from. */
export async function cancelTestCheckout(ctx: AppContext, token: string, now = new Date()): Promise<string> {
  const [session] = await ctx.database.db
    .update(localCheckoutSessions)
    .set({ status: 'canceled' })
    .where(openSession(token, now))
    .returning({ cancelUrl: localCheckoutSessions.cancelUrl });
  if (!session) throw new HttpError(404, 'CHECKOUT_CLOSED', billingMessages.checkoutClosed);
  return session.cancelUrl;
}
