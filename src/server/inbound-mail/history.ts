import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inboundMails } from '../db/schema';
import { INBOUND_MAILS_LISTED, type InboundMail } from '../../shared/inbound-mail-schemas';

type NewInboundMail = Omit<typeof inboundMails.$inferInsert, 'receivedAt'>;

/** Records what a mail became and keeps only the user's latest mails, the ones Settings lists. */
export async function recordMail(db: Db, mail: NewInboundMail): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(inboundMails).values(mail);
    const kept = tx
      .select({ id: inboundMails.id })
      .from(inboundMails)
      .where(eq(inboundMails.userId, mail.userId))
      .orderBy(desc(inboundMails.receivedAt))
      .limit(INBOUND_MAILS_LISTED);
    await tx.delete(inboundMails).where(and(eq(inboundMails.userId, mail.userId), notInArray(inboundMails.id, kept)));
  });
}

export async function listMails(db: Db, userId: string): Promise<InboundMail[]> {
  const rows = await db
    .select()
    .from(inboundMails)
    .where(eq(inboundMails.userId, userId))
    .orderBy(desc(inboundMails.receivedAt))
    .limit(INBOUND_MAILS_LISTED);
  return rows.map((row) => ({
    id: row.id,
    receivedAt: row.receivedAt.toISOString(),
    via: row.via,
    from: row.fromAddress,
    subject: row.subject,
    outcome: row.outcome,
    detail: row.detail,
    linkIds: row.linkIds,
    auth: row.auth,
  }));
}
