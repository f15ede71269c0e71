import { and, desc, eq, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { accountLinkTemplates } from './templates/registry';

/** The dev mailbox shows the newest messages only; older ones stay in the outbox. */
const MAILBOX_SIZE = 200;

export type CapturedMail = typeof mailOutbox.$inferSelect;

/** Who reads the mailbox: a signed-in account, an administrator or not. */
export interface MailboxReader {
  userId: string;
  admin: boolean;
}

const addressedTo = (email: string) => eq(sql`lower(${mailOutbox.to})`, email.toLowerCase());

/**
 * An account's own mail: queued for it (by user id, so never an earlier account's with the same
 * address), to the address it has now, and only while that address is verified. An unverified
 * account reads nothing, its own verification link included: that link is in the server log, and
 * the mailbox must not be the way an address is proven. Read from the users row in the query, so
 * a change of address or verification counts at once.
 */
const ownMail = (userId: string) =>
  and(
    eq(mailOutbox.userId, userId),
    sql`exists (select 1 from users u where u.id = ${userId} and u.email_verified and lower(u.email) = lower(${mailOutbox.to}))`,
  );

/** An administrator reads everyone's digests and notices too, never another account's links (templates/registry.ts). */
function readable(reader: MailboxReader): SQL | undefined {
  return reader.admin ? or(ownMail(reader.userId), notInArray(mailOutbox.template, accountLinkTemplates)) : ownMail(reader.userId);
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
