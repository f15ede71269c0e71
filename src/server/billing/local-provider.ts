import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { localCheckoutSessions, localSubscriptions } from '../db/schema';
import { hashToken, newSecretToken } from '../auth/tokens';
import { paths } from '../../shared/routes';
import type { PlanInterval } from '../../shared/plans';
import type { PaymentProvider, ProviderSubscription } from './provider';

/*
 * BILLING=local: a provider kept in our own database, with a test checkout page in the app
 * (/checkout/test) instead of Stripe's. Its subscriptions renew without charging anyone; a
 * trial turns into a paid plan when its end passes, as Stripe's do once the card is charged.
 */

type LocalSubscription = typeof localSubscriptions.$inferSelect;

const CHECKOUT_LIFETIME_MS = 24 * 60 * 60 * 1000;
const REFERRAL_CREDIT = sql`interval '30 days'`;

export function createLocalProvider(ctx: AppContext): PaymentProvider {
  const { db } = ctx.database;

  async function settledSubscription(id: string, now: Date): Promise<LocalSubscription | null> {
    const [row] = await db.select().from(localSubscriptions).where(eq(localSubscriptions.id, id));
    if (!row) return null;
    const settled = settle(row, now);
    if (settled !== row) await db.update(localSubscriptions).set(settled).where(eq(localSubscriptions.id, id));
    return settled;
  }

  return {
    async createCheckout(request) {
      const { token } = newSecretToken();
      const sessionId = `cs_local_${token}`;
      await db.insert(localCheckoutSessions).values({
        tokenHash: hashToken(sessionId),
        kind: request.kind,
        plan: request.plan,
        userId: request.user?.id,
        customerEmail: request.user?.email,
        trialEnd: request.trialEnd,
        // Kept with its {CHECKOUT_SESSION_ID} placeholder: the payer brings the token to fill it in.
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        expiresAt: new Date(Date.now() + CHECKOUT_LIFETIME_MS),
      });
      return { url: `${ctx.config.appUrl}${paths.testCheckout}?session=${encodeURIComponent(sessionId)}` };
    },

    async retrieveCheckout(sessionId) {
      const [session] = await db
        .select()
        .from(localCheckoutSessions)
        .where(eq(localCheckoutSessions.tokenHash, hashToken(sessionId)));
      if (!session) return null;
      return {
        kind: session.kind as 'upgrade' | 'trial',
        plan: session.plan as PlanInterval,
        complete: session.status === 'complete',
        userId: session.userId,
        subscriptionId: session.subscriptionId,
        customerEmail: session.customerEmail,
        customerName: session.customerName,
      };
    },

    async retrieveSubscription(subscriptionId, now) {
      const row = await settledSubscription(subscriptionId, now);
      return row ? toProviderSubscription(row) : null;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel, now) {
      const row = await settledSubscription(subscriptionId, now);
      if (!row) throw new Error(`no local subscription ${subscriptionId}`);
      const [updated] = await db
        .update(localSubscriptions)
        .set({ cancelAtPeriodEnd: cancel })
        .where(eq(localSubscriptions.id, subscriptionId))
        .returning();
      return toProviderSubscription(updated);
    },

    async cancelNow(subscriptionId, now) {
      await db
        .update(localSubscriptions)
        .set({ status: 'canceled', endedAt: now })
        .where(and(eq(localSubscriptions.id, subscriptionId), ne(localSubscriptions.status, 'canceled')));
    },

    async creditOneMonth(subscription, key) {
      // The local stand-in for a balance credit: the next charge comes 30 days later (the first, in a trial).
      await db
        .update(localSubscriptions)
        .set({
          currentPeriodEnd: sql`${localSubscriptions.currentPeriodEnd} + ${REFERRAL_CREDIT}`,
          trialEnd: sql`case when ${localSubscriptions.status} = 'trialing' then ${localSubscriptions.trialEnd} + ${REFERRAL_CREDIT} else ${localSubscriptions.trialEnd} end`,
          lastCreditKey: key,
        })
        .where(
          and(
            eq(localSubscriptions.id, subscription.id),
            or(isNull(localSubscriptions.lastCreditKey), ne(localSubscriptions.lastCreditKey, key)),
          ),
        );
    },
  };
}

/** The subscription as the clock has moved it: trials convert or end, periods renew or end. */
function settle(row: LocalSubscription, now: Date): LocalSubscription {
  if (row.status === 'trialing' && row.trialEnd && row.trialEnd <= now) {
    if (row.cancelAtPeriodEnd) return { ...row, status: 'canceled', endedAt: row.trialEnd };
    return settle(
      { ...row, status: 'active', currentPeriodStart: row.trialEnd, currentPeriodEnd: nextRenewal(row.trialEnd, row.plan) },
      now,
    );
  }
  if (row.status === 'active' && row.currentPeriodEnd <= now) {
    if (row.cancelAtPeriodEnd) return { ...row, status: 'canceled', endedAt: row.currentPeriodEnd };
    let { currentPeriodStart, currentPeriodEnd } = row;
    while (currentPeriodEnd <= now) [currentPeriodStart, currentPeriodEnd] = [currentPeriodEnd, nextRenewal(currentPeriodEnd, row.plan)];
    return { ...row, currentPeriodStart, currentPeriodEnd };
  }
  return row;
}

/** One month or one year on, by the calendar (Jan 31 + 1 month is Mar 3, as Date counts it). */
export function nextRenewal(from: Date, plan: string): Date {
  const next = new Date(from);
  if (plan === 'monthly') next.setUTCMonth(next.getUTCMonth() + 1);
  else next.setUTCFullYear(next.getUTCFullYear() + 1);
  return next;
}

function toProviderSubscription(row: LocalSubscription): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    // Every local subscription is ours; only a visitor's trial checkout makes one without an account.
    fromVisitorTrial: row.userId === null,
    status: row.status === 'canceled' ? 'ended' : (row.status as 'trialing' | 'active'),
    interval: row.plan as PlanInterval,
    startedAt: row.startedAt,
    currentPeriodEnd: row.currentPeriodEnd,
    trialEnd: row.trialEnd,
    cancelAt: row.cancelAtPeriodEnd && row.status !== 'canceled' ? row.currentPeriodEnd : null,
    endedAt: row.endedAt,
    // The wall clock even when a test moves `now`: this orders reads, not subscription time.
    readAt: new Date(),
  };
}
