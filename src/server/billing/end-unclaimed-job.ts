import { defineJob } from '../jobs/define';
import { endUnclaimedSubscription } from './unowned-subscriptions';

/** Ends a subscription no account holds (unowned-subscriptions.ts says when it is sent). */
export const endUnclaimedJob = defineJob({
  name: 'billing.end-unclaimed-subscription',
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 300,
  handler: async ({ subscriptionId }, ctx) => {
    await endUnclaimedSubscription(ctx, subscriptionId, new Date());
  },
});
