import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { renderEmail } from './render';
import type { EmailProps, EmailTemplateName } from './templates/registry';
import { PermanentMailError, type OutgoingMail } from './transport';

/*
 * The outbox. Every e-mail is first a row of mail_outbox, written in the same transaction as the
 * change that causes it, then delivered by the `mail.deliver` job. A message is in one of four states:
 *
 *   queued   Rendered and waiting for a delivery attempt. queueMail writes it; deliverQueuedMail puts
 *            it back here after a temporary failure (a 4xx reply, no connection, a timeout), and
 *            pg-boss runs the job again after a back-off.
 *   sending  Claimed by one delivery attempt (deliverQueuedMail's conditional UPDATE), which is handing
 *            it to SMTP now. Only that attempt moves it on.
 *   sent     The SMTP server accepted it (or the capture transport kept it). Accepted is not
 *            delivered: bounces and complaints arrive later, by other ways.
 *   failed   Final. Refused for good (5xx), still failing after MAX_DELIVERY_ATTEMPTS, or stuck in
 *            `sending` (the sweep: the process died mid-send, perhaps after SMTP took it). A stuck
 *            message is not sent again: at most once beats a duplicate in someone's inbox.
 *
 *   queued → sending → sent | failed, and sending → queued after a temporary failure.
 */

/** One first try and five retries (the job's retryLimit), counted on the row itself. */
export const MAX_DELIVERY_ATTEMPTS = 6;

export interface MailMessage<Name extends EmailTemplateName> {
  userId?: string;
  to: string;
  template: Name;
  props: EmailProps<Name>;
  /** Extra headers kept with the message, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

/** A database handle or an open transaction: both can insert. */
type Writer = Pick<Db, 'insert'>;

/**
 * Renders the message and stores it as `queued`; returns its id. It does not enqueue delivery:
 * call dispatchMail after the transaction commits (the embedded pool has one connection, and a job
 * for a row that was rolled back would find nothing).
 */
export async function queueMail<Name extends EmailTemplateName>(db: Writer, message: MailMessage<Name>): Promise<string> {
  const { subject, html, text } = await renderEmail(message.template, message.props);
  const [row] = await db
    .insert(mailOutbox)
    .values({ userId: message.userId, to: message.to, template: message.template, subject, html, text, headers: message.headers ?? {} })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/** Enqueues delivery of a queued message; while an earlier job for it waits, this is a no-op. */
export async function dispatchMail(ctx: Pick<AppContext, 'jobs'>, outboxId: string): Promise<void> {
  await ctx.jobs.send('mail.deliver', { outboxId }, { singletonKey: outboxId });
}

/** queueMail then dispatchMail, for a message that is not part of a larger transaction. */
export async function sendMail<Name extends EmailTemplateName>(ctx: AppContext, message: MailMessage<Name>): Promise<string> {
  const outboxId = await queueMail(ctx.database.db, message);
  await dispatchMail(ctx, outboxId);
  return outboxId;
}

/**
 * One delivery attempt. Throws only when the message should be tried again (a temporary failure
 * with attempts left), so that the job fails and pg-boss retries it.
 */
export async function deliverQueuedMail(ctx: AppContext, outboxId: string): Promise<void> {
  const { db } = ctx.database;
  const [mail] = await db
    .update(mailOutbox)
    .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, lastAttemptAt: sql`now()` })
    .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'queued')))
    .returning();
  // Another attempt holds it, or it is already sent or failed.
  if (!mail) return;

  // Only the send is inside the try: a database error after SMTP took the message must not be
  // mistaken for a failed send and retried.
  let messageId: string;
  try {
    ({ messageId } = await ctx.mail.send(outgoingMail(ctx.config, mail)));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const final = error instanceof PermanentMailError || mail.attempts >= MAX_DELIVERY_ATTEMPTS;
    await leaveSending(db, outboxId, { status: final ? 'failed' : 'queued', lastError: reason });
    ctx.log.warn({ outboxId, attempts: mail.attempts, final, reason }, 'mail delivery failed');
    if (final) return;
    throw error;
  }
  await leaveSending(db, outboxId, { status: 'sent', sentAt: new Date(), messageId, lastError: null });
}

type Outcome = Pick<typeof mailOutbox.$inferInsert, 'status' | 'lastError' | 'messageId' | 'sentAt'>;

async function leaveSending(db: Db, outboxId: string, outcome: Outcome): Promise<void> {
  await db
    .update(mailOutbox)
    .set(outcome)
    .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'sending')));
}

function outgoingMail(config: Config, mail: typeof mailOutbox.$inferSelect): OutgoingMail {
  return {
    // The outbox id makes every attempt of one message carry the same Message-ID, so receivers can
    // tell a retry from a new message.
    messageId: `<${mail.id}@${senderDomain(config)}>`,
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: mail.headers,
  };
}

/** The domain of MAIL_FROM's address ("Stash <digest@example.com>" → example.com). */
function senderDomain(config: Config): string {
  return /@([^\s<>@]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? new URL(config.appUrl).hostname;
}
