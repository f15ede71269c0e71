import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { sessions } from '../db/schema';
import { createSession } from './sessions';
import { sweepAuth } from './sweep-job';
import { hashToken } from './tokens';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('the auth sweep', () => {
  it('removes expired sessions and rate-limit counts whose window has ended, nothing else', async () => {
    const { db } = t.ctx.database;
    const user = await createUser(t.ctx);
    const live = await createSession(db, user.id);
    const idle = await createSession(db, user.id);
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, hashToken(idle.token)));
    const ended = { limit: 1, windowSeconds: 1 };
    const hour = { limit: 1, windowSeconds: 3600 };
    await t.ctx.rateLimiter.attempt('sweep:ended', [ended]);
    await t.ctx.rateLimiter.attempt('sweep:current', [hour]);
    await new Promise((r) => setTimeout(r, 1100));

    // Redis expires its keys by itself; PostgreSQL keeps the row of an ended window until a sweep.
    expect(await sweepAuth(t.ctx)).toEqual({ sessions: 1, attempts: t.ctx.config.redisUrl ? 0 : 1 });
    const left = await db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toEqual([{ sid: hashToken(live.token) }]);
    // The count of the window still under way is kept.
    expect((await t.ctx.rateLimiter.attempt('sweep:current', [hour])).allowed).toBe(false);
  });
});
