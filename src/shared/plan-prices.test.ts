import { describe, expect, it } from 'vitest';
import { ANNUAL_PER_MONTH_CENTS, ANNUAL_SAVINGS_CENTS, formatAmount, PLAN_PRICE_CENTS, planBadges, planPriceText } from './plans';

describe('Pro prices', () => {
  it('derive the texts the pricing pages show', () => {
    expect(PLAN_PRICE_CENTS).toEqual({ monthly: 599, annual: 5900 });
    expect(formatAmount(ANNUAL_PER_MONTH_CENTS)).toBe('4.92');
    expect(formatAmount(ANNUAL_SAVINGS_CENTS)).toBe('12.88');
    expect(formatAmount(PLAN_PRICE_CENTS.monthly * 12)).toBe('71.88');
    expect(planBadges).toEqual({ save: 'Save 17%', bestValue: 'Best Value' });
    expect(planPriceText('monthly')).toBe('5.99 USD a month');
    expect(planPriceText('annual')).toBe('59 USD a year');
  });
});
