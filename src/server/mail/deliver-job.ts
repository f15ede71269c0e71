import { defineJob } from '../jobs/define';
import { deliverQueuedMail, MAX_DELIVERY_ATTEMPTS } from './outbox';

/** Hands one outbox message to the mail transport; see outbox.ts for the states it moves. */
export const deliverMailJob = defineJob({
  name: 'mail.deliver',
  // A dispatch while the message's job still waits to start adds nothing (dispatchMail's singletonKey).
  policy: 'short',
  retryLimit: MAX_DELIVERY_ATTEMPTS - 1,
  retryDelaySeconds: 30,
  retryBackoff: true,
  // As many as the SMTP transport's pooled connections.
  concurrency: 3,
  handler: async ({ outboxId }, ctx) => {
    await deliverQueuedMail(ctx, outboxId);
  },
});
