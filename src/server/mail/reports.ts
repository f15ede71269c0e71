import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import { mailOutbox } from '../db/schema';
import { unsubscribeByMail } from '../digests/mail-unsubscribe';
import { isComplaint, readMailReport } from './feedback-report';
import { recordMailEvent } from './mail-events';
import { suppressAddress, unsubscribeSubscriber } from './suppression';

/**
 * What a report posted to the mail-feedback webhook does: a complaint (ARF) or a delivery report
 * saying a mailbox does not exist (5.1.x) or is unavailable (5.2.x) suppresses the address of each
 * of our messages it names; a 5.7.x (a policy refusal further along) is counted, never held against
 * the recipient. A mail to the List-Unsubscribe mailto: unsubscribes. Null when the text is none of these.
 */
export async function applyMailReport(ctx: AppContext, text: string, contentType?: string): Promise<{ suppressed: number } | null> {
  const { feedback, delivery, subject } = await readMailReport(text, contentType);
  if (feedback) {
    if (!isComplaint(feedback)) return { suppressed: 0 };
    const suppressed = await suppressFor(ctx, feedback.outboxIds, 'complaint', `feedback-type ${feedback.feedbackType}`);
    ctx.log.info({ feedbackType: feedback.feedbackType, reported: feedback.outboxIds.length, suppressed }, 'mail complaint received');
    return { suppressed };
  }
  if (!delivery) return (await unsubscribeByMail(ctx, subject)) ? { suppressed: 0 } : null;
  const mailbox = delivery.failedStatuses.find((status) => /^5\.[12]\./.test(status));
  if (mailbox) {
    const suppressed = await suppressFor(ctx, delivery.outboxIds, 'bounce', `delivery report ${mailbox}`);
    ctx.log.info({ status: mailbox, reported: delivery.outboxIds.length, suppressed }, 'mail bounce received');
    return { suppressed };
  }
  const refusal = delivery.failedStatuses.find((status) => status.startsWith('5.7.'));
  if (refusal)
    for (const outboxId of await ours(ctx, delivery.outboxIds))
      await recordMailEvent(ctx.database.db, { outboxId: outboxId.id, kind: 'refusal', detail: `delivery report ${refusal}` });
  return { suppressed: 0 };
}

async function ours(ctx: AppContext, outboxIds: string[]) {
  if (outboxIds.length === 0) return [];
  return ctx.database.db
    .select({ id: mailOutbox.id, userId: mailOutbox.userId, subscriberId: mailOutbox.subscriberId, to: mailOutbox.to })
    .from(mailOutbox)
    .where(inArray(mailOutbox.id, outboxIds));
}

async function suppressFor(ctx: AppContext, outboxIds: string[], reason: 'bounce' | 'complaint', detail: string): Promise<number> {
  let suppressed = 0;
  for (const { id, userId, subscriberId, to } of await ours(ctx, outboxIds)) {
    await recordMailEvent(ctx.database.db, { outboxId: id, kind: reason, detail });
    if (userId && (await suppressAddress(ctx.database.db, { userId, email: to, reason }))) suppressed++;
    if (subscriberId && (await unsubscribeSubscriber(ctx.database.db, subscriberId, reason))) suppressed++;
  }
  return suppressed;
}
