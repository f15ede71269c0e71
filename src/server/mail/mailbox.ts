import { desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

/** The dev mailbox shows the newest messages only; older ones stay in the outbox. */
const MAILBOX_SIZE = 200;

export type CapturedMail = typeof mailOutbox.$inferSelect;

/** Messages in the outbox, newest first; `to` narrows them to one recipient (any letter case). */
export async function listCapturedMail(db: Db, filter: { to?: string } = {}): Promise<CapturedMail[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(filter.to ? eq(sql`lower(${mailOutbox.to})`, filter.to.toLowerCase()) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(MAILBOX_SIZE);
}

/** One message; undefined when there is none, including for an id that is not a uuid at all. */
export async function findCapturedMail(db: Db, id: string): Promise<CapturedMail | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return mail;
}
