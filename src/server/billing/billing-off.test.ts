import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, signIn } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { findUserById } from '../auth/current-user';
import { can, tierOf } from '../../shared/permissions';
import { replenishInvites } from './invite-replenish-job';
import { endLapsedPro } from './pro-expiry-job';
import { syncRenewals } from './renewal-sync-job';
import { expireTrials } from './trial-expiry-job';

/* Self-hosted (BILLING=off): no prices, no checkout, no limits; every account has every Pro feature. */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { BILLING: 'off' } });
});

afterAll(async () => {
  await t?.close();
});

const offMessage = 'Billing is off on this server: every account has every Pro feature.';

describe('billing off', () => {
  it('has no prices', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/plans' })).json()).toEqual({
      billing: 'off',
      currency: 'USD',
      prices: null,
    });
  });

  it.each([
    ['POST', '/api/subscriptions/create-checkout-session', true],
    ['POST', '/api/subscriptions/create-trial-checkout', false],
    ['GET', '/api/subscriptions/verify-session?session_id=cs_test_0123456789', true],
    ['GET', '/api/subscriptions/verify-trial-session?session_id=cs_test_0123456789', false],
    ['POST', '/api/subscription/cancel', true],
    ['POST', '/api/auth/complete-trial-signup', false],
  ] as const)('answers %s %s with "billing is off"', async (method, url, signedIn) => {
    const headers = { ...OWN_ORIGIN, ...(signedIn ? { cookie: await signIn(t, await createUser(t.ctx)) } : {}) };
    const res = await t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'BILLING_OFF', message: offMessage });
  });

  it('has no webhook and no test checkout', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: '{}' }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/test-checkout?session=cs_local_0123456789' })).statusCode).toBe(404);
  });

  it('treats every account as Pro, whatever its trial says', async () => {
    const expired = await createUser(t.ctx, { trialEndsAt: new Date(Date.now() - 1000) });
    const cookie = await signIn(t, expired);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscription', headers: { cookie } })).json()).toMatchObject({
      billing: 'off',
      subscription: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json().billing).toBe('off');
    expect(tierOf(expired, 'off')).toBe('pro');
    expect(can({ ...expired, isAdmin: false }, 'saveLink', { auth: 'session', billing: 'off' })).toBe(true);
  });

  it('runs no trial or Pro transitions, and gives every account the Pro invitations', async () => {
    const expired = await createUser(t.ctx, { trialEndsAt: new Date(Date.now() - 1000), availableInvites: 5 });
    expect(await expireTrials(t.ctx, new Date())).toEqual({ resynced: 0, expired: 0 });
    expect(await endLapsedPro(t.ctx, new Date())).toEqual({ resynced: 0, ended: 0 });
    expect(await syncRenewals(t.ctx, new Date())).toBe(0);
    await replenishInvites(t.ctx, new Date());
    expect((await findUserById(t.ctx.database.db, expired.id))!.availableInvites).toBe(20);
  });

  it('gives a new account the Pro invitations at once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: OWN_ORIGIN,
      payload: { firstName: 'Self', lastName: 'Hosted', email: 'self-hosted@example.com', password: 'a long password' },
    });
    expect(res.json().user).toMatchObject({ availableInvites: 20 });
  });
});
