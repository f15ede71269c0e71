import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { rateLimitHits, sessions } from '../db/schema';
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
  it('removes expired sessions and attempts older than any limit looks at, nothing else', async () => {
    const { db } = t.ctx.database;
    const user = await createUser(t.ctx);
    const live = await createSession(db, user.id);
    const idle = await createSession(db, user.id);
    await db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, hashToken(idle.token)));
    await db.execute(
      sql`insert into ${rateLimitHits} (key, at) values ('old', now() - interval '25 hours'), ('recent', now() - interval '2 hours')`,
    );

    expect(await sweepAuth(t.ctx)).toEqual({ sessions: 1, attempts: 1 });
    const left = await db.select({ sid: sessions.sid }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toEqual([{ sid: hashToken(live.token) }]);
    expect((await db.select({ key: rateLimitHits.key }).from(rateLimitHits)).map((row) => row.key)).toEqual(['recent']);
  });
});
