import { z } from 'zod';

/*
 * Every background job's name and payload: what sending a job needs to know, and all the queue's
 * type (context.ts's `jobs`) depends on. It imports nothing of the rooms, so no room's files are
 * imported back by the queue; each room defines its jobs' handlers (defineJob, define.ts) and
 * exports its list, which the process collects (all-jobs.ts). A payload carries ids, not objects.
 */

const none = z.object({});

export const jobPayloads = {
  'mail.deliver': z.object({ outboxId: z.uuid() }),
  'mail.sweep': none,
  'mail.prune': none,
  'auth.sweep': none,
  'billing.trial-expiry': none,
  'billing.end-unclaimed-subscription': z.object({ subscriptionId: z.string().min(1) }),
  'billing.setup-reminder': z.object({ subscriptionId: z.string().min(1), sessionId: z.string().min(1), email: z.email() }),
  'billing.pro-expiry': none,
  'billing.renewal-sync': none,
  'billing.usage-reset': none,
  'billing.invite-replenish': none,
  'referral.reward': z.object({ friendId: z.uuid() }),
  'digests.sweep': none,
  'digests.send': z.object({ userId: z.uuid(), scheduledFor: z.iso.datetime() }),
  'trials.remind': none,
  'sharing.lapsed-pages': none,
  'sharing.subscriber-digests': none,
  'links.fill-search-vectors': none,
  'sharing.subscriber-digest': z.object({ categoryId: z.uuid(), scheduledFor: z.iso.datetime() }),
} as const;

export type JobName = keyof typeof jobPayloads;
export type JobPayload<Name extends JobName> = z.infer<(typeof jobPayloads)[Name]>;
