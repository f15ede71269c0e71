import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, linkToken, OWN_ORIGIN, sessionCookieFrom, signIn, waitForMail } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { findUserById, type User } from '../auth/current-user';
import { invitations } from '../db/schema';
import { mailboxIdentity } from './address-identity';
import { MAX_REFERRAL_MONTHS_A_YEAR, rewardReferrer } from './referral-reward';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 3600 * 1000;
const monthsOf = async (user: Pick<User, 'id'>) => (await findUserById(t.ctx.database.db, user.id))!.referralMonthsEarned;

async function invite(sender: User, email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: { cookie: await signIn(t, sender), ...OWN_ORIGIN },
    payload: { email },
  });
}

/** A friend joins with the code under `email` and verifies it; answers their id and session cookie. */
async function joinAndVerify(code: string, email: string): Promise<{ id: string; cookie: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: OWN_ORIGIN,
    payload: { firstName: 'Friend', lastName: 'F', email, password: 'a long password', invitationCode: code },
  });
  expect(res.statusCode).toBe(201);
  const token = linkToken(await waitForMail(t.ctx, email, 'verify-email'));
  expect((await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })).statusCode).toBe(200);
  return { id: res.json().userId, cookie: sessionCookieFrom(t, res)! };
}

const saveLink = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/links', headers: { ...OWN_ORIGIN, cookie }, payload: { url: 'https://example.com/read-me' } });

describe('referral rewards', () => {
  it('tell one mailbox by its address variants: case, plus tags, Gmail dots', () => {
    expect(mailboxIdentity('A.da+stash2@GoogleMail.com')).toBe('ada@gmail.com');
    expect(mailboxIdentity('Bob+x@Example.com')).toBe('bob@example.com');
    expect(mailboxIdentity('b.o.b@example.com')).toBe('b.o.b@example.com');
  });

  it("refuse to send an invitation to the sender's own address variant", async () => {
    const sender = await createUser(t.ctx, { email: 'ada.farmer@gmail.com' });
    for (const variant of ['AdaFarmer+1@gmail.com', 'a.d.a.farmer@googlemail.com']) {
      const res = await invite(sender, variant);
      expect(res.statusCode, variant).toBe(400);
      expect(res.json().code).toBe('SELF_INVITE');
    }
  });

  it("give nothing when the friend's address is the sender's own in disguise", async () => {
    const sender = await createUser(t.ctx, { email: 'mallory@gmail.com' });
    const { code } = (await invite(sender, 'someone-else@example.com')).json();
    const friend = await joinAndVerify(code, 'mal.lory+farm@gmail.com');
    expect((await saveLink(friend.cookie)).statusCode).toBe(201);
    expect(await rewardReferrer(t.ctx, friend.id)).toBe('none');
    expect(await monthsOf(sender)).toBe(0);
  });

  it('count a friend once verified and after their first saved link', async () => {
    const sender = await createUser(t.ctx);
    const { code } = (await invite(sender, 'reader@example.com')).json();
    const friend = await joinAndVerify(code, 'reader@example.com');
    expect(await rewardReferrer(t.ctx, friend.id)).toBe('none');
    expect(await monthsOf(sender)).toBe(0);

    expect((await saveLink(friend.cookie)).statusCode).toBe(201);
    const jobs = await t.ctx.database.db.execute<{ friend: string }>(
      `select data->>'friendId' as friend from pgboss.job where name = 'referral.reward'` as never,
    );
    expect(jobs.rows.filter((row) => row.friend === friend.id).length).toBeGreaterThanOrEqual(2);
    expect(await rewardReferrer(t.ctx, friend.id)).toBe('extended');
    expect(await monthsOf(sender)).toBe(1);
  });

  it('give at most 12 months in any year', async () => {
    const sender = await createUser(t.ctx);
    const { db } = t.ctx.database;
    const earlier = Array.from({ length: MAX_REFERRAL_MONTHS_A_YEAR }, (_, i) => ({
      code: `EARNED${i}X${sender.id.slice(0, 6)}`,
      senderId: sender.id,
      status: 'used',
      rewardClaimed: true,
      rewardedAt: new Date(Date.now() - (i + 1) * 20 * DAY_MS),
    }));
    await db.insert(invitations).values(earlier);
    const { code } = (await invite(sender, 'thirteenth@example.com')).json();
    const friend = await joinAndVerify(code, 'thirteenth@example.com');
    expect((await saveLink(friend.cookie)).statusCode).toBe(201);
    expect(await rewardReferrer(t.ctx, friend.id)).toBe('none');

    // A year on from the oldest, there is room for one more.
    await db
      .update(invitations)
      .set({ rewardedAt: new Date(Date.now() - 400 * DAY_MS) })
      .where(eqCode(earlier[MAX_REFERRAL_MONTHS_A_YEAR - 1].code));
    expect(await rewardReferrer(t.ctx, friend.id)).toBe('extended');
  });
});

function eqCode(code: string) {
  return sql`${invitations.code} = ${code}`;
}
