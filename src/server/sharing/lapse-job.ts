import { defineJob } from '../jobs/define';
import { unpublishLapsedPages } from './removals';

/** Hourly: public pages whose owner's Pro ended 30 days ago go away, and the owner is told (removals.ts). */
export const lapsedPagesJob = defineJob({
  name: 'sharing.lapsed-pages',
  cron: '25 * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await unpublishLapsedPages(ctx, new Date());
  },
});
