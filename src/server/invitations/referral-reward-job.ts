import { defineJob } from '../jobs/define';
import { rewardReferrer } from './referral-reward';

/**
 * Sent when a friend verifies their address and when they save their first link (the reward needs
 * both, so the later one earns it). A job rather than inline: the credit may
 * need the payment provider, and a failed call is retried (the reward is idempotent).
 */
export const referralRewardJob = defineJob({
  name: 'referral.reward',
  retryLimit: 5,
  retryDelaySeconds: 60,
  handler: async ({ friendId }, ctx) => {
    await rewardReferrer(ctx, friendId);
  },
});
