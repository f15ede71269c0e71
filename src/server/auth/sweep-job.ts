import type { AppContext } from '../context';
import { defineJob } from '../jobs/define';
import { deleteExpiredSessions } from './sessions';

/** Every hour, removes sessions past their idle expiry and rate-limit counts whose window has ended. */
export const sweepAuthJob = defineJob({
  name: 'auth.sweep',
  cron: '17 * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await sweepAuth(ctx);
  },
});

export async function sweepAuth(ctx: AppContext): Promise<{ sessions: number; attempts: number }> {
  const sessions = await deleteExpiredSessions(ctx.database.db);
  const attempts = await ctx.rateLimiter.sweep();
  return { sessions, attempts };
}
