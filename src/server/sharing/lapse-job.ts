import { defineJob } from '../jobs/define';
import { unpublishLapsedPages } from './removals';
import { pruneSubscriberTokens } from './subscribers';

/**
 * Hourly: public pages whose owner's Pro ended 30 days ago go away, and the owner is told
 * (removals.ts); subscriber tokens no link can use any more are removed (subscribers.ts).
 */
export const lapsedPagesJob = defineJob({
  name: 'sharing.lapsed-pages',
  cron: '25 * * * *',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await unpublishLapsedPages(ctx, new Date());
    await pruneSubscriberTokens(ctx);
  },
});
