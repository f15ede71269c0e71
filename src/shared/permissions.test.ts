import { describe, expect, it } from 'vitest';
import { can, tierOf, type Action, type PermissionUser } from './permissions';

const now = new Date('2025-06-01T12:00:00Z');
const inDays = (n: number) => new Date(now.getTime() + n * 24 * 60 * 60 * 1000);
const base = { trialEndsAt: null, subscriptionEndsAt: null, isAdmin: false, authProvider: 'email' };
const users = {
  pro: { ...base, accountType: 'pro' },
  lapsedPro: { ...base, accountType: 'pro', subscriptionEndsAt: inDays(-1) },
  trial: { ...base, accountType: 'trial', trialEndsAt: inDays(5) },
  expiredTrial: { ...base, accountType: 'trial', trialEndsAt: inDays(-1) },
  free: { ...base, accountType: 'free' },
} satisfies Record<string, PermissionUser>;

const session = { auth: 'session', billing: 'stripe', now } as const;
const token = { auth: 'token', billing: 'stripe', now } as const;
const paidFeatures: Action[] = ['createCustomCategory', 'toggleNewsletterInclusion', 'chooseDigestSchedule', 'sendDigestNow'];

describe('tierOf', () => {
  it('tells pro, trial, expired trial and free apart', () => {
    expect(tierOf(users.pro, 'stripe', now)).toBe('pro');
    expect(tierOf(users.lapsedPro, 'stripe', now)).toBe('free');
    expect(tierOf(users.trial, 'stripe', now)).toBe('trial');
    expect(tierOf(users.expiredTrial, 'stripe', now)).toBe('trialExpired');
    expect(tierOf(users.free, 'local', now)).toBe('free');
  });

  it('makes everyone pro when billing is off (self-hosted)', () => {
    expect(tierOf(users.expiredTrial, 'off', now)).toBe('pro');
    expect(tierOf(users.free, 'off', now)).toBe('pro');
  });
});

describe('can', () => {
  it('gives pro and active trials the paid features, not free accounts or expired trials', () => {
    for (const action of paidFeatures) {
      expect(can(users.pro, action, session), action).toBe(true);
      expect(can(users.trial, action, session), action).toBe(true);
      expect(can(users.free, action, session), action).toBe(false);
      expect(can(users.expiredTrial, action, session), action).toBe(false);
      expect(can(users.lapsedPro, action, session), action).toBe(false);
    }
  });

  it('lets everyone save links except an expired trial without pro', () => {
    expect(can(users.free, 'saveLink', session)).toBe(true);
    expect(can(users.trial, 'saveLink', session)).toBe(true);
    expect(can(users.expiredTrial, 'saveLink', session)).toBe(false);
    expect(can(users.expiredTrial, 'saveLink', { ...session, billing: 'off' })).toBe(true);
  });

  it('gives every paid feature to every account when billing is off', () => {
    for (const action of paidFeatures) expect(can(users.free, action, { ...session, billing: 'off' }), action).toBe(true);
  });

  it('gives several digests a day to pro accounts only, not to trials', () => {
    expect(can(users.pro, 'scheduleSeveralDigestsADay', session)).toBe(true);
    expect(can(users.trial, 'scheduleSeveralDigestsADay', session)).toBe(false);
    expect(can(users.free, 'scheduleSeveralDigestsADay', session)).toBe(false);
    expect(can(users.free, 'scheduleSeveralDigestsADay', { ...session, billing: 'off' })).toBe(true);
  });

  it('opens the admin area to administrators only', () => {
    expect(can({ ...users.free, isAdmin: true }, 'viewAdmin', session)).toBe(true);
    expect(can(users.pro, 'viewAdmin', session)).toBe(false);
  });

  it('never lets an API token change the password, e-mail or sign-in methods, delete the account, touch billing or make tokens', () => {
    for (const action of [
      'changePassword',
      'manageSignInMethods',
      'changeEmail',
      'deleteAccount',
      'manageBilling',
      'manageTokens',
    ] as const) {
      expect(can(users.pro, action, session), action).toBe(true);
      expect(can(users.pro, action, token), action).toBe(false);
    }
    expect(can(users.pro, 'saveLink', token)).toBe(true);
  });

  it('has no password to change for an external-provider account, and no billing when it is off', () => {
    expect(can({ ...users.pro, authProvider: 'google' }, 'changePassword', session)).toBe(false);
    expect(can(users.pro, 'manageBilling', { ...session, billing: 'off' })).toBe(false);
  });
});
