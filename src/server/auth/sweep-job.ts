import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { rateLimitHits } from '../db/schema';
import { defineJob } from '../jobs/define';
import { deleteExpiredSessions } from './sessions';

/** Longer than any rate-limit window: older attempts can no longer count against anyone. */
const KEEP_ATTEMPTS = '1 day';

/** Every hour, removes sessions past their idle expiry and attempts no limit still looks at. */
export const sweepAuthJob = defineJob({
  name: 'auth.sweep',
  cron: '17 * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await sweepAuth(ctx);
  },
});

export async function sweepAuth(ctx: AppContext): Promise<{ sessions: number; attempts: number }> {
  const { db } = ctx.database;
  const sessions = await deleteExpiredSessions(db);
  const attempts = await db.delete(rateLimitHits).where(sql`${rateLimitHits.at} < now() - ${KEEP_ATTEMPTS}::interval`);
  return { sessions, attempts: attempts.rowCount ?? 0 };
}
