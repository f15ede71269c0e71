import { describe, expect, it } from 'vitest';
import type { SubscriptionAnswer } from '@shared/billing-schemas';
import { summarize } from './subscription-summary';

const now = new Date('2030-03-01T12:00:00Z');

const canceledPro = (subscriptionEndsAt: string): SubscriptionAnswer => ({
  billing: 'local',
  accountType: 'pro',
  trialEndsAt: null,
  subscriptionEndsAt,
  subscription: { plan: 'annual', status: 'canceled', periodEnd: '2031-01-10T12:00:00Z', referralExtensionMonths: 0 },
});

describe('summarize', () => {
  it('says a canceled plan lasts to the end of the paid period', () => {
    expect(summarize(canceledPro('2031-01-10T12:00:00Z'), now)).toEqual({
      plan: 'Stash Pro, billed yearly',
      status: 'Canceled. You keep Pro until January 10, 2031.',
      action: 'resume',
    });
  });

  it("counts a referral's free month after a canceled plan's period", () => {
    expect(summarize(canceledPro('2031-02-09T12:00:00Z'), now).status).toBe('Canceled. You keep Pro until February 9, 2031.');
  });
});
