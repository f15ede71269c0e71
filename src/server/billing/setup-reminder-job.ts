import type { AppContext } from '../context';
import { defineJob } from '../jobs/define';
import type { JobPayload } from '../jobs/payloads';
import { dispatchMail, queueMail } from '../mail/outbox';
import { paths } from '../../shared/routes';
import { isClaimed } from './unowned-subscriptions';

/** An hour after a visitor paid for a trial without finishing /setup-account (unowned-subscriptions.ts). */
export const setupReminderJob = defineJob({
  name: 'billing.setup-reminder',
  policy: 'short',
  retryLimit: 3,
  handler: async (payload, ctx) => {
    await remindToFinishSetup(ctx, payload);
  },
});

/** Mails the /setup-account link unless an account holds the subscription by now. Answers whether it did. */
export async function remindToFinishSetup(
  ctx: AppContext,
  { subscriptionId, sessionId, email }: JobPayload<'billing.setup-reminder'>,
): Promise<boolean> {
  if (await isClaimed(ctx, subscriptionId)) return false;
  const setupUrl = `${ctx.config.appUrl}${paths.setupAccount}?session_id=${encodeURIComponent(sessionId)}`;
  const outboxId = await queueMail(ctx.database.db, {
    to: email,
    template: 'finish-setup',
    props: { appUrl: ctx.config.appUrl, setupUrl },
  });
  await dispatchMail(ctx, outboxId);
  return true;
}
