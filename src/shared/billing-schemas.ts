import { z } from 'zod';
import { createTrialAccountBody } from './auth-schemas';
import { CURRENCY, DEFAULT_PLAN_INTERVAL, PLAN_INTERVALS, PLAN_PRICE_CENTS } from './plans';
import { nameText, tokenText } from './text';

/*
 * The billing calls (docs/product/api.md) and the local test checkout: one schema per body and
 * answer, used by the server's routes and the web app's pages alike.
 */

const isoDate = z.iso.datetime();
const billingMode = z.enum(['stripe', 'local', 'off']);
const planInterval = z.enum(PLAN_INTERVALS);

/** The page a checkout started from: where the provider sends the browser back. */
const checkoutOrigin = z.enum(['upgrade', 'upgrade-trial', 'pricing']);

export const checkoutBody = z.object({
  plan: planInterval.default(DEFAULT_PLAN_INTERVAL),
  from: checkoutOrigin.default('upgrade'),
});
export const checkoutAnswer = z.object({ url: z.string() });

/** Stripe's {CHECKOUT_SESSION_ID}, or the local provider's token: long and random either way. */
const sessionId = tokenText('This checkout session is not valid.', 300).min(10, 'This checkout session is not valid.');
export const sessionQuery = z.object({ session_id: sessionId });

export const verifySessionAnswer = z.object({ success: z.boolean() });

/** The payment session lookup (docs/product/api.md, Answers); amount is what the plan charges after the trial, in cents. */
export const trialSessionAnswer = z.object({
  planType: planInterval,
  amount: z.number().int(),
  customerEmail: z.string().nullable(),
  customerName: z.string().nullable(),
});

export const completeTrialSignupBody = createTrialAccountBody.omit({ journey: true }).extend({ sessionId });

const subscriptionStatus = z.enum(['trialing', 'active', 'canceled', 'expired']);

/** GET /api/subscription: the account's plan as Settings shows it. */
export const subscriptionAnswer = z.object({
  billing: billingMode,
  accountType: z.enum(['free', 'trial', 'pro']),
  trialEndsAt: isoDate.nullable(),
  /** Null while Pro renews (or has no end). */
  subscriptionEndsAt: isoDate.nullable(),
  subscription: z
    .object({
      plan: planInterval,
      status: subscriptionStatus,
      /** Trialing or active: the next renewal; canceled: the last day of Pro; expired: when it ended. */
      periodEnd: isoDate.nullable(),
      referralExtensionMonths: z.number().int(),
    })
    .nullable(),
});

/** What the pricing pages need before anyone signs in. */
export const plansAnswer = z.object({
  billing: billingMode,
  currency: z.string(),
  prices: z.object({ monthly: z.number().int(), annual: z.number().int() }).nullable(),
});

/** The local test checkout page (BILLING=local). */
export const testCheckoutQuery = z.object({ session: sessionId });
export const testCheckoutAnswer = z.object({
  kind: z.enum(['upgrade', 'trial']),
  plan: planInterval,
  amount: z.number().int(),
  /** The signed-in buyer's address; null for a trial checkout, whose page asks for it. */
  email: z.string().nullable(),
  /** An upgrade during a free trial: nothing is charged before this (the trial's end). */
  firstChargeAt: isoDate.nullable(),
});
export const testCheckoutPayBody = z.object({
  session: sessionId,
  email: z.email().max(254).optional(),
  name: nameText('Name is required').optional(),
});
export const testCheckoutCancelBody = z.object({ session: sessionId });
export const redirectAnswer = z.object({ redirectUrl: z.string() });

export type CheckoutBody = z.input<typeof checkoutBody>;
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswer>;
export type PlansAnswer = z.infer<typeof plansAnswer>;

/** GET /api/billing/plans's answer, which depends on the billing mode alone (also written into the prerendered pages). */
export function plansFor(billing: PlansAnswer['billing']): PlansAnswer {
  return { billing, currency: CURRENCY, prices: billing === 'off' ? null : PLAN_PRICE_CENTS };
}
export type TrialSessionAnswer = z.infer<typeof trialSessionAnswer>;
export type CompleteTrialSignupBody = z.infer<typeof completeTrialSignupBody>;
export type TestCheckoutAnswer = z.infer<typeof testCheckoutAnswer>;
