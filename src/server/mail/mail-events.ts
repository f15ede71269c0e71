import type { Db } from '../db/client';
import { mailEvents, type MailEventKind } from '../db/schema';

/*
 * What the operator counts about mail, one row each (the admin metrics page and /metrics read them):
 *   bounce     a permanent mailbox error (5.1.x, 5.2.x), at SMTP time or in a delivery report;
 *              the address is suppressed
 *   complaint  a feedback-loop report (abuse, fraud); the address is suppressed
 *   refusal    a relay, policy or reputation refusal (5.7.x): about us, not the recipient; retried
 *   deferral   a temporary failure (4xx, no connection, a timeout); retried
 */
export async function recordMailEvent(
  db: Pick<Db, 'insert'>,
  event: { outboxId: string | null; kind: MailEventKind; detail?: string },
): Promise<void> {
  await db.insert(mailEvents).values({ outboxId: event.outboxId, kind: event.kind, detail: event.detail?.slice(0, 500) ?? null });
}
