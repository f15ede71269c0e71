import { defineJob } from '../jobs/define';
import type { JobPayload } from '../jobs/payloads';
import { sendScheduledDigests } from './send';

const slotOf = (job: JobPayload<'digests.send'>) => ({ userId: job.userId, scheduledFor: new Date(job.scheduledFor) });

/**
 * Sends one user's digest for one scheduled time (the sweep enqueues it, keyed by both). Workers
 * take them fifty at a time: composing and storing many digests at once is far cheaper than one
 * by one. The claim in digest_sends, not the queue, is what makes a slot go out at most once.
 */
export const sendDigestJob = defineJob({
  name: 'digests.send',
  policy: 'short',
  retryLimit: 3,
  retryDelaySeconds: 30,
  // Up to 4 × 50 digests every half second: batches compose while others wait on SMTP. More in
  // flight only queues longer behind the SMTP pool, and every queued message is memory.
  concurrency: 4,
  pollingIntervalSeconds: 0.5,
  batch: { size: 50, handler: (jobs, ctx) => sendScheduledDigests(ctx, jobs.map(slotOf)) },
  handler: (job, ctx) => sendScheduledDigests(ctx, [slotOf(job)]),
});
