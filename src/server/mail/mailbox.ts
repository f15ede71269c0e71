import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

/** The dev mailbox shows the newest messages only; older ones stay in the outbox. */
const MAILBOX_SIZE = 200;

export type CapturedMail = typeof mailOutbox.$inferSelect;

/** Whose mail a mailbox visitor may read: an administrator all of it, anyone else only mail to their own address. */
export type MailboxReader = { admin: true } | { admin: false; email: string };

const addressedTo = (email: string) => eq(sql`lower(${mailOutbox.to})`, email.toLowerCase());

function readable(reader: MailboxReader): SQL | undefined {
  return reader.admin ? undefined : addressedTo(reader.email);
}

/** Messages the reader may see, newest first; `to` narrows them to one recipient (any letter case). */
export async function listCapturedMail(db: Db, reader: MailboxReader, filter: { to?: string } = {}): Promise<CapturedMail[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(and(readable(reader), filter.to ? addressedTo(filter.to) : undefined))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(MAILBOX_SIZE);
}

/** One message the reader may see; undefined otherwise, including for an id that is not a uuid at all. */
export async function findCapturedMail(db: Db, reader: MailboxReader, id: string): Promise<CapturedMail | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.id, id), readable(reader)));
  return mail;
}
