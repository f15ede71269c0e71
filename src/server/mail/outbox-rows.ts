import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { mailOutbox } from '../db/schema';
import { accountLinkTemplates } from './templates/registry';

/*
 * The outbox statements of a delivery attempt. Claiming a message and recording `sent` the messages
 * SMTP has accepted since the previous claim are one statement, so one commit: a connection that
 * finishes a message and takes the next one writes both at once (the commit of each was
 * a third of a digest's time on its connection).
 */

/** A message the SMTP server accepted, with the Message-ID it was sent under. */
export interface Accepted {
  outboxId: string;
  messageId: string;
}

/** What delivery needs of a message besides its two parts. */
export interface Envelope {
  id: string;
  userId: string | null;
  subscriberId: string | null;
  to: string;
  subject: string;
  headers: (typeof mailOutbox.$inferSelect)['headers'];
  attempts: number;
}

type Writer = Pick<Db, 'execute'>;

/**
 * Once SMTP has taken a message whose links open an account (templates/registry.ts), the copy kept
 * here loses its tokens (in the UPDATE that records it sent), so that a database dump, or anyone reading the outbox, holds no working link.
 * Captured mail keeps them: without SMTP the outbox is the only mailbox there is, read by its
 * own account at /dev/mailbox.
 */
const redacted = (column: 'html' | 'text') =>
  sql`case when o.template in (${sql.join(
    accountLinkTemplates.map((name) => sql`${name}`),
    sql`, `,
  )}) then regexp_replace(${sql.raw(`o.${column}`)}, 'token=[A-Za-z0-9_%-]+', 'token=redacted', 'g') else ${sql.raw(`o.${column}`)} end`;

/** sending → sent for the accepted messages still sending; `redact` when the copies must lose their account links. */
function recording(accepted: Accepted[], redact: boolean) {
  return sql`
    update mail_outbox o set status = 'sent', sent_at = now(), message_id = a.message_id, last_error = null
      ${redact ? sql`, html = ${redacted('html')}, text = ${redacted('text')}` : sql``}
    from unnest(${sql.param(accepted.map((a) => a.outboxId))}::uuid[], ${sql.param(accepted.map((a) => a.messageId))}::text[]) as a(id, message_id)
    where o.id = a.id and o.status = 'sending'`;
}

/**
 * queued → sending (attempts counted) and the accepted messages recorded, in one statement; answers
 * the envelope, or null when not claimed.
 *
 * Its commit does not wait for the write-ahead log to reach the disk (synchronous_commit off, for
 * this statement alone): that wait was a tenth of each message's turn on its SMTP connection
 * (docs/digests-pipeline.md). The claim is seen by every other transaction at once and survives Stash crashing or
 * being stopped. Only PostgreSQL itself crashing in the fraction of a second before its next flush
 * can lose the statement: a message whose claim is lost is queued again and may arrive twice; one
 * whose record of `sent` is lost stays `sending`, and the sweep fails it as stuck.
 */
export async function claimMail(db: Writer, outboxId: string, accepted: Accepted[], redact: boolean): Promise<Envelope | null> {
  const claim = sql`
    update mail_outbox set status = 'sending', attempts = attempts + 1, last_attempt_at = now(), retry_at = null
    where id = ${outboxId} and status = 'queued' and set_config('synchronous_commit', 'off', true) is not null
    returning id, user_id, subscriber_id, "to", subject, headers, attempts`;
  const { rows } = await db.execute<{
    id: string;
    user_id: string | null;
    subscriber_id: string | null;
    to: string;
    subject: string;
    headers: Envelope['headers'];
    attempts: number;
  }>(accepted.length > 0 ? sql`with recorded as (${recording(accepted, redact)}) ${claim}` : claim);
  const [row] = rows;
  return row
    ? {
        id: row.id,
        userId: row.user_id,
        subscriberId: row.subscriber_id,
        to: row.to,
        subject: row.subject,
        headers: row.headers,
        attempts: row.attempts,
      }
    : null;
}

/** The accepted messages recorded `sent`, when no claim follows them at once. */
export async function recordSent(db: Writer, accepted: Accepted[], redact: boolean): Promise<void> {
  if (accepted.length > 0) await db.execute(recording(accepted, redact));
}
