import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_ORIGIN } from '../../../tests/support/factories';
import { createLinks, reloadUser, signedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { linkSigningKeys } from '../db/schema';
import { loadLinkKeyring } from './link-keys';
import { DAY_MS, makeKeyring, signToken } from './tokens';
import { digestPaths, linkActionUrl, linkLifetimesMs, unsubscribeUrl } from './urls';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const OPERATOR_KEY = 'the-operators-own-link-signing-key-0123456789';
const pathOf = (url: string) => new URL(url).pathname;
const unsubscribePage = (token: string) => t.app.inject({ method: 'GET', url: `${digestPaths.unsubscribe}/${token}` });
const tokenOf = (url: string) => url.split('/').at(-1)!;
const storedRows = () => t.ctx.database.db.select().from(linkSigningKeys).orderBy(linkSigningKeys.id);
/** The keyring a start with these settings loads, put in place of the running one. */
async function restartWith(linkSigningKeys: string[]): Promise<void> {
  t.ctx.config.linkKeyring = await loadLinkKeyring(t.ctx.database.db, { ...t.ctx.config, linkSigningKeys });
}

/** A token of the format without an expiry, as digests carried before links expired. */
function unexpiringUnsubscribe(secret: string, userId: string): string {
  const hmacKey = createHmac('sha256', secret).update('stash digest links v2').digest();
  const body = Buffer.concat([Buffer.from([1 | 0x80]), makeKeyring([secret]).signing.id, Buffer.from(userId.replaceAll('-', ''), 'hex')]);
  return Buffer.concat([body, createHmac('sha256', hmacKey).update(body).digest().subarray(0, 16)]).toString('base64url');
}

describe('the stored link-signing key', () => {
  it('is stored encrypted: what the database holds signs no link', async () => {
    const { user } = await signedInUser(t, 'trial');
    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].secret).toMatch(/^v1:/);
    expect((await unsubscribePage(tokenOf(unsubscribeUrl(t.ctx.config, user.id)))).statusCode).toBe(200);
    for (const forged of [
      signToken(makeKeyring([rows[0].secret]), 'unsubscribe', [user.id], DAY_MS),
      unexpiringUnsubscribe(rows[0].secret, user.id),
    ]) {
      expect((await unsubscribePage(forged)).statusCode).toBe(404);
    }
  });

  it('stops verifying 90 days after LINK_SIGNING_KEYS is set; until then its links keep working', async () => {
    const { user } = await signedInUser(t, 'trial', { emailFrequency: 'daily' });
    const delivered = tokenOf(unsubscribeUrl(t.ctx.config, user.id));
    await restartWith([OPERATOR_KEY]);
    expect((await storedRows()).every((row) => row.retiredAt)).toBe(true);
    expect((await unsubscribePage(delivered)).statusCode).toBe(200);
    const signedByOperator = tokenOf(unsubscribeUrl(t.ctx.config, user.id));
    expect(signedByOperator).not.toBe(delivered);

    await t.ctx.database.db.update(linkSigningKeys).set({ retiredAt: sql`now() - interval '91 days'` });
    await restartWith([OPERATOR_KEY]);
    expect((await unsubscribePage(delivered)).statusCode).toBe(404);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${digestPaths.unsubscribe}/${delivered}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(404);
    expect((await reloadUser(t.ctx, user.id)).emailFrequency).toBe('daily');
    expect((await unsubscribePage(signedByOperator)).statusCode).toBe(200);

    // LINK_SIGNING_KEYS unset again: a new stored key signs, encrypted too.
    await restartWith([]);
    expect((await unsubscribePage(tokenOf(unsubscribeUrl(t.ctx.config, user.id)))).statusCode).toBe(200);
    expect((await storedRows()).filter((row) => !row.retiredAt).map((row) => row.secret)).toEqual([expect.stringMatching(/^v1:/)]);
  });

  it('encrypts a key stored in clear before, which then verifies the links it signed for 90 days after the upgrade, and signs no more', async () => {
    const { db } = t.ctx.database;
    const { user } = await signedInUser(t, 'trial');
    const clear = 'a-key-kept-in-clear-before-encryption-0123456789';
    await db.delete(linkSigningKeys);
    // As the upgrade's migration leaves it: retired the moment links got an expiry.
    await db.insert(linkSigningKeys).values({ secret: clear, retiredAt: sql`now() - interval '80 days'` });
    const delivered = unexpiringUnsubscribe(clear, user.id);
    await restartWith([]);
    const rows = await storedRows();
    expect(rows.map((row) => row.secret)).not.toContain(clear);
    expect(rows.every((row) => row.secret.startsWith('v1:'))).toBe(true);
    expect((await unsubscribePage(delivered)).statusCode).toBe(200);
    expect(tokenOf(unsubscribeUrl(t.ctx.config, user.id))).not.toBe(
      signToken(makeKeyring([clear]), 'unsubscribe', [user.id], linkLifetimesMs.unsubscribe),
    );

    await db.update(linkSigningKeys).set({ retiredAt: sql`now() - interval '91 days'` }).where(sql`retired_at is not null`);
    await restartWith([]);
    expect((await unsubscribePage(delivered)).statusCode).toBe(404);
  });
});

describe('expiring links', () => {
  it('refuses a one-tap action link past its 60 days; an unsubscribe link still works after 60', async () => {
    const { user } = await signedInUser(t, 'trial');
    const [link] = await createLinks(t.ctx, user, [{ title: 'An essay on gardens' }]);
    const keyring = t.ctx.config.linkKeyring!;
    const signedAgo = (days: number, purpose: 'markRead' | 'unsubscribe', ids: string[]) =>
      signToken(keyring, purpose, ids, linkLifetimesMs[purpose], Date.now() - days * DAY_MS);

    const fresh = pathOf(linkActionUrl(t.ctx.config, 'markRead', link.id, user.id));
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
    const old = `${digestPaths.markRead}/${signedAgo(61, 'markRead', [link.id, user.id])}`;
    const expired = await t.app.inject({ method: 'GET', url: old });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('It may have expired');
    const acted = await t.app.inject({
      method: 'POST',
      url: old,
      headers: { ...OWN_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(acted.statusCode).toBe(404);

    expect((await unsubscribePage(signedAgo(61, 'unsubscribe', [user.id]))).statusCode).toBe(200);
    expect((await unsubscribePage(signedAgo(91, 'unsubscribe', [user.id]))).statusCode).toBe(404);
  });
});
