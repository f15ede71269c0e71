import { describe, expect, it } from 'vitest';
import type { BillingMode } from '@shared/permissions';
import { chooseUpgradeBanner } from './upgrade-banner-choice';

const now = new Date('2025-05-30T12:00:00.000Z');
const HOUR_MS = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR_MS).toISOString();

const account = (
  accountType: 'free' | 'trial' | 'pro',
  changes: { trialEndsAt?: string | null; subscriptionEndsAt?: string | null; billing?: BillingMode } = {},
) => ({
  accountType,
  trialEndsAt: null,
  subscriptionEndsAt: null,
  billing: 'local' as BillingMode,
  ...changes,
});

describe('chooseUpgradeBanner', () => {
  it('shows Pro accounts nothing, and nobody anything with billing off', () => {
    expect(chooseUpgradeBanner(account('pro'), now)).toBeNull();
    expect(chooseUpgradeBanner(account('free', { billing: 'off' }), now)).toBeNull();
    expect(chooseUpgradeBanner(account('trial', { trialEndsAt: inHours(-1), billing: 'off' }), now)).toBeNull();
  });

  it('tells an expired trial it has ended, with a link to the plan choice (/upgrade-trial)', () => {
    expect(chooseUpgradeBanner(account('trial', { trialEndsAt: inHours(-1) }), now)).toEqual({
      variant: 'expired',
      title: 'Your free trial has ended',
      href: '/upgrade-trial',
      dismissible: false,
    });
  });

  it('counts down the last 3 days of a trial, with a link to /upgrade-trial', () => {
    expect(chooseUpgradeBanner(account('trial', { trialEndsAt: inHours(3 * 24) }), now)).toMatchObject({
      variant: 'endingSoon',
      title: '3 days left in your trial',
      href: '/upgrade-trial',
    });
    expect(chooseUpgradeBanner(account('trial', { trialEndsAt: inHours(5) }), now)).toMatchObject({
      variant: 'endingSoon',
      title: '1 day left in your trial',
    });
  });

  it('keeps a trial with more than 3 days left to a subtle banner that can be dismissed', () => {
    expect(chooseUpgradeBanner(account('trial', { trialEndsAt: inHours(3 * 24 + 1) }), now)).toEqual({
      variant: 'subtle',
      title: 'Upgrade to Pro',
      href: '/upgrade-trial',
      dismissible: true,
    });
  });

  it('invites a free account to upgrade, with a link to /pricing', () => {
    expect(chooseUpgradeBanner(account('free'), now)).toMatchObject({ variant: 'default', title: 'Upgrade to Pro', href: '/pricing' });
    // A Pro subscription that ended leaves a free-tier account.
    expect(chooseUpgradeBanner(account('pro', { subscriptionEndsAt: inHours(-1) }), now)).toMatchObject({ variant: 'default' });
  });
});
