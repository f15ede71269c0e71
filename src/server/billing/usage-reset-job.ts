import { lte, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { defineJob } from '../jobs/define';

/** Hourly, since months begin at midnight in each user's own time zone. */
export const usageResetJob = defineJob({
  name: 'billing.usage-reset',
  cron: '0 * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await resetMonthlyUsage(ctx, new Date());
  },
});

/**
 * Starts a new month of link saves for every account whose month has ended: the count goes to 0
 * and the next reset is the start of the following month in the user's time zone (the rule the
 * links service also applies at the first save of a month, src/server/links/save-statement.ts).
 */
export async function resetMonthlyUsage(ctx: AppContext, now: Date): Promise<number> {
  const nextMonth = sql`(date_trunc('month', ${now}::timestamptz at time zone ${users.timezone}) + interval '1 month') at time zone ${users.timezone}`;
  const reset = await ctx.database.db
    .update(users)
    .set({ monthlyLinksUsed: 0, monthlyUsageResetAt: nextMonth })
    .where(lte(users.monthlyUsageResetAt, now))
    .returning({ id: users.id });
  return reset.length;
}
