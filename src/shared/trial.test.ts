import { describe, expect, it } from 'vitest';
import { isProActive, trialEndFrom, trialStatus } from './trial';

const now = new Date('2025-06-01T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 24 * 60 * 60 * 1000);
const trial = (endsInDays: number) => ({ accountType: 'trial', trialEndsAt: days(endsInDays), subscriptionEndsAt: null });

describe('trialEndFrom', () => {
  it('ends a trial 14 days after it starts', () => {
    expect(trialEndFrom(now)).toEqual(days(14));
  });
});

describe('trialStatus', () => {
  it('rounds days left up (13.2 → 14)', () => {
    expect(trialStatus(trial(13.2), now)).toMatchObject({
      isTrialActive: true,
      isTrialExpired: false,
      daysRemaining: 14,
      needsUpgrade: false,
      canSaveLinks: true,
    });
  });

  it('needs an upgrade at 3 days left or fewer, not at 3.5', () => {
    expect(trialStatus(trial(3.5), now).needsUpgrade).toBe(false);
    expect(trialStatus(trial(3), now).needsUpgrade).toBe(true);
    expect(trialStatus(trial(0.1), now)).toMatchObject({ daysRemaining: 1, isTrialActive: true, needsUpgrade: true });
  });

  it('expires once the end is reached, never counting below 0 days', () => {
    expect(trialStatus(trial(0), now)).toMatchObject({
      isTrialActive: false,
      isTrialExpired: true,
      daysRemaining: 0,
      canSaveLinks: false,
      canReceiveEmails: false,
      needsUpgrade: true,
    });
    expect(trialStatus(trial(-5), now).daysRemaining).toBe(0);
  });

  it('reads ISO strings as the web app receives them', () => {
    const status = trialStatus({ accountType: 'trial', trialEndsAt: days(2).toISOString(), subscriptionEndsAt: null }, now);
    expect(status).toMatchObject({ daysRemaining: 2, trialEndDate: days(2) });
  });

  it('gives pro accounts and accounts without a trial end every permission and no prompt', () => {
    for (const user of [
      { accountType: 'pro', trialEndsAt: days(-30), subscriptionEndsAt: null },
      { accountType: 'trial', trialEndsAt: null, subscriptionEndsAt: null },
      { accountType: 'free', trialEndsAt: null, subscriptionEndsAt: null },
    ]) {
      expect(trialStatus(user, now)).toMatchObject({
        isTrialActive: false,
        isTrialExpired: false,
        canSaveLinks: true,
        needsUpgrade: false,
      });
    }
  });
});

describe('isProActive', () => {
  it('is active for pro with no end or an end in the future', () => {
    expect(isProActive({ accountType: 'pro', trialEndsAt: null, subscriptionEndsAt: null }, now)).toBe(true);
    expect(isProActive({ accountType: 'pro', trialEndsAt: null, subscriptionEndsAt: days(1) }, now)).toBe(true);
  });

  it('is inactive once the subscription ended, and for other account types', () => {
    expect(isProActive({ accountType: 'pro', trialEndsAt: null, subscriptionEndsAt: days(-1) }, now)).toBe(false);
    expect(isProActive({ accountType: 'trial', trialEndsAt: days(5), subscriptionEndsAt: null }, now)).toBe(false);
  });
});
