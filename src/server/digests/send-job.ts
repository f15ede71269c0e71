import { z } from 'zod';
import { defineJob } from '../jobs/define';
import { sendScheduledDigests } from './send';

const payload = z.object({ userId: z.uuid(), scheduledFor: z.iso.datetime() });
const slotOf = (job: z.infer<typeof payload>) => ({ userId: job.userId, scheduledFor: new Date(job.scheduledFor) });

/**
 * Sends one user's digest for one scheduled time (the sweep enqueues it, keyed by both). Workers
 * take them a hundred at a time: composing and storing many digests at once is far cheaper than
 * one by one. The claim in digest_sends, not the queue, is what makes a slot go out at most once.
 */
export const sendDigestJob = defineJob({
  name: 'digests.send',
  payload,
  policy: 'short',
  retryLimit: 3,
  retryDelaySeconds: 30,
  // Up to 3 × 100 digests every half second: one batch composing while others wait on SMTP.
  concurrency: 3,
  pollingIntervalSeconds: 0.5,
  batch: { size: 100, handler: (jobs, ctx) => sendScheduledDigests(ctx, jobs.map(slotOf)) },
  handler: (job, ctx) => sendScheduledDigests(ctx, [slotOf(job)]),
});
