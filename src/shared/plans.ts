import type { Tier } from './permissions';

/**
 * What each plan allows (docs/product/plans-and-billing.md, Free plan and Pro plan). Who is on which plan is
 * tierOf() in permissions.ts; these are the numbers.
 */

/** Links a free account may save per calendar month in its own time zone. */
export const FREE_MONTHLY_LINKS = 50;

/** Categories one link may have; the first is its primary category. */
export const MAX_CATEGORIES_PER_LINK = 3;

/** My Stash page sizes; the first page shows DEFAULT_PAGE_SIZE links. */
export const HISTORY_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** Saves allowed this month on a tier; null is unlimited. Only the free tier has a monthly limit. */
export function monthlyLinkLimit(tier: Tier): number | null {
  return tier === 'free' ? FREE_MONTHLY_LINKS : null;
}

/*
 * Stash Pro's prices and the texts derived from them (docs/product/plans-and-billing.md, Prices): 5.99 USD a month,
 * or 59 USD a year — 4.92 a month, 12.88 less than twelve monthly payments, "Save 17%".
 */

export const PLAN_INTERVALS = ['monthly', 'annual'] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];
/** The plan toggle starts on annual. */
export const DEFAULT_PLAN_INTERVAL: PlanInterval = 'annual';
export const CURRENCY = 'USD';

/** What each plan charges, in cents, each time it renews. */
export const PLAN_PRICE_CENTS: Record<PlanInterval, number> = { monthly: 599, annual: 5900 };

const YEAR_OF_MONTHLY_CENTS = PLAN_PRICE_CENTS.monthly * 12;
export const ANNUAL_SAVINGS_CENTS = YEAR_OF_MONTHLY_CENTS - PLAN_PRICE_CENTS.annual;
export const ANNUAL_PER_MONTH_CENTS = Math.round(PLAN_PRICE_CENTS.annual / 12);
/** Rounded down: the badge never promises more than the saving. */
const ANNUAL_SAVINGS_PERCENT = Math.floor((ANNUAL_SAVINGS_CENTS / YEAR_OF_MONTHLY_CENTS) * 100);

export const planBadges = { save: `Save ${ANNUAL_SAVINGS_PERCENT}%`, bestValue: 'Best Value' } as const;

/** 599 → "5.99", 5900 → "59": whole amounts without decimals, as the pricing texts write them. */
export function formatAmount(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** "5.99 USD a month", "59 USD a year". */
export function planPriceText(interval: PlanInterval): string {
  return `${formatAmount(PLAN_PRICE_CENTS[interval])} ${CURRENCY} ${interval === 'monthly' ? 'a month' : 'a year'}`;
}

/** Invitations each tier may send (docs/product/invitations.md, Invitation counts); Pro's are topped up every 30 days. */
export const INVITES = { newAccount: 5, free: 2, pro: 20, proRefreshDays: 30 } as const;

/** A referred friend's reward for someone who does not pay Stripe monthly or yearly: 30 days of Pro. */
export const REFERRAL_PRO_DAYS = 30;
