import { defineJob } from '../jobs/define';
import { sendSubscriberDigest, sweepSubscriberDigests } from './subscriber-digests';

/** Every minute, on one instance at a time: the published categories whose weekly digest is due (subscriber-digests.ts). */
export const subscriberDigestsSweepJob = defineJob({
  name: 'sharing.subscriber-digests',
  every: 'minute',
  policy: 'singleton',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await sweepSubscriberDigests(ctx);
  },
});

/** One category's weekly digest to its subscribers; the week's claim, not the queue, makes it go out at most once. */
export const subscriberDigestJob = defineJob({
  name: 'sharing.subscriber-digest',
  policy: 'short',
  retryLimit: 3,
  retryDelaySeconds: 30,
  handler: async (payload, ctx) => {
    await sendSubscriberDigest(ctx, payload.categoryId, new Date(payload.scheduledFor));
  },
});
