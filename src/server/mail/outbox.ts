import { PassThrough, type Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { retriedWhileUnreachable } from '../db/retry';
import { mailOutbox } from '../db/schema';
import { renderEmail, type RenderedEmail } from './render';
import { recordMailEvent } from './mail-events';
import { connectionsOf, type Connections } from './connections';
import { claimMail, recordSent, type Accepted, type Envelope } from './outbox-rows';
import { suppressAddress, unsubscribeSubscriber } from './suppression';
import type { EmailProps, EmailTemplateName } from './templates/registry';
import type { MailParts } from './envelope';
import { PermanentMailError, TemporaryMailError, type OutgoingMail } from './transport';

/*
 * The outbox. Every e-mail is first a row of mail_outbox, written in the same transaction as the
 * change that causes it, then delivered by the `mail.deliver` job. A message is in one of four states:
 *
 *   queued   Rendered and waiting for a delivery attempt. queueMail writes it; deliverQueuedMail puts
 *            it back here after a temporary failure (a 4xx reply, a 5.7.x policy refusal, no
 *            connection, a timeout), and
 *            pg-boss runs the job again after a back-off.
 *   sending  Claimed by one delivery attempt (deliverQueuedMail's conditional UPDATE), which is handing
 *            it to SMTP now. Only that attempt moves it on.
 *   sent     The SMTP server accepted it (or the capture transport kept it). Accepted is not
 *            delivered: bounces and complaints arrive later, by other ways.
 *   failed   Final. Refused for good (a 5xx other than 5.7.x), still failing after MAX_DELIVERY_ATTEMPTS, or stuck in
 *            `sending` (the sweep: the process died mid-send, perhaps after SMTP took it). A stuck
 *            message is not sent again: at most once beats a duplicate in someone's inbox.
 *
 *   queued → sending → sent | failed, and sending → queued after a temporary failure.
 */

/** One first try and five retries (the job's retryLimit), counted on the row itself. */
export const MAX_DELIVERY_ATTEMPTS = 6;
/** The first retry's delay; each later one doubles it (pg-boss's back-off for mail.deliver). */
export const RETRY_AFTER_MS = 30_000;
/** How long a message SMTP took waits for the database to record it: less than the sweep's minute before it calls a message stuck (sweep-job.ts). */
const RECORD_SENT_FOR_MS = 45_000;

export interface MailMessage<Name extends EmailTemplateName> {
  /** Chosen by the sender when the message must name itself, e.g. in its web-view link. */
  id?: string;
  userId?: string;
  /** A category subscriber's message (no account): a bounce or complaint unsubscribes that subscriber. */
  subscriberId?: string;
  to: string;
  template: Name;
  props: EmailProps<Name>;
  /** Extra headers kept with the message, e.g. List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

/** A database handle or an open transaction: both can insert. */
type Writer = Pick<Db, 'insert'>;

/** A message rendered already, for a sender that renders before opening its transaction. */
export type RenderedMail = Omit<MailMessage<EmailTemplateName>, 'props'> & RenderedEmail;

/**
 * Renders the message and stores it as `queued`; returns its id. It does not enqueue delivery:
 * call dispatchMail after the transaction commits (the embedded pool has one connection, and a job
 * for a row that was rolled back would find nothing).
 */
export async function queueMail<Name extends EmailTemplateName>(db: Writer, message: MailMessage<Name>): Promise<string> {
  const { subject, html, text } = await renderEmail(message.template, message.props);
  const [row] = await db
    .insert(mailOutbox)
    .values({
      id: message.id,
      userId: message.userId,
      subscriberId: message.subscriberId,
      to: message.to,
      template: message.template,
      subject,
      html,
      text,
      headers: message.headers ?? {},
    })
    .returning({ id: mailOutbox.id });
  return row.id;
}

/**
 * Stores messages rendered already, each with the id its sender chose, as `queued`: one statement
 * of a few array parameters however many there are (a digest batch stores a hundred).
 */
export async function storeMail(db: Pick<Db, 'execute'>, messages: (RenderedMail & { id: string })[]): Promise<void> {
  if (messages.length === 0) return;
  const column = <T>(pick: (message: RenderedMail & { id: string }) => T) => sql.param(messages.map(pick));
  await db.execute(sql`
    insert into mail_outbox (id, user_id, subscriber_id, template, "to", subject, html, text, headers)
    select * from unnest(${column((m) => m.id)}::uuid[], ${column((m) => m.userId ?? null)}::uuid[],
                         ${column((m) => m.subscriberId ?? null)}::uuid[], ${column((m) => m.template)}::text[],
                         ${column((m) => m.to)}::text[], ${column((m) => m.subject)}::text[], ${column((m) => m.html)}::text[],
                         ${column((m) => m.text)}::text[], ${column((m) => JSON.stringify(m.headers ?? {}))}::jsonb[])`);
}

/**
 * storeMail for messages whose parts are UTF-8 bytes (the digest render thread's, the subscribers'
 * digest encoding thread's): PostgreSQL reads
 * them as they are, so the event loop never holds a batch's parts as strings (copied, escaped into
 * an array literal, collected later: most of its memory while digests went out).
 */
export async function storeEncodedMail(
  db: Pick<Db, 'execute'>,
  messages: (Omit<RenderedMail, 'html' | 'text'> & { id: string; html: Buffer; text: Buffer })[],
): Promise<void> {
  if (messages.length === 0) return;
  const rows = messages.map(
    (m) =>
      sql`(${m.id}::uuid, ${m.userId ?? null}::uuid, ${m.subscriberId ?? null}::uuid, ${m.template}, ${m.to}, ${m.subject}, convert_from(${m.html}, 'UTF8'), convert_from(${m.text}, 'UTF8'), ${JSON.stringify(m.headers ?? {})}::jsonb)`,
  );
  await db.execute(
    sql`insert into mail_outbox (id, user_id, subscriber_id, template, "to", subject, html, text, headers) values ${sql.join(rows, sql`, `)}`,
  );
}

/** Enqueues delivery of a queued message; while an earlier job for it waits, this is a no-op. */
export async function dispatchMail(ctx: Pick<AppContext, 'jobs'>, outboxId: string, options: { startAfter?: Date } = {}): Promise<void> {
  await ctx.jobs.send('mail.deliver', { outboxId }, { singletonKey: outboxId, startAfter: options.startAfter });
}

/** queueMail then dispatchMail, for a message that is not part of a larger transaction. */
export async function sendMail<Name extends EmailTemplateName>(ctx: AppContext, message: MailMessage<Name>): Promise<string> {
  const outboxId = await queueMail(ctx.database.db, message);
  await dispatchMail(ctx, outboxId);
  return outboxId;
}

/**
 * What a delivery attempt did with a message: `queued` again after a temporary failure, with its
 * error, or `handedBack` untried because the process is stopping (the caller dispatches it).
 */
export type Delivery = { status: 'sent' } | { status: 'failed' } | { status: 'queued'; error: unknown } | { status: 'handedBack' };

/**
 * A message's two parts, or the whole message as its sender encoded it already (mail/encode.ts)
 * with whom it goes to; by outbox id.
 */
export type MailBodies = Map<string, MailBody>;
type MailBody = MailParts | EncodedBody;
type EncodedBody = { raw: Buffer; to: string };

/**
 * One delivery attempt for each message still queued, as many at a time as the transport has
 * connections. Each is claimed (queued → sending) only once a connection is free for it, and
 * recorded `sent` the moment the SMTP server accepts it: by the statement that claims the next
 * message for that connection when one waits (one commit a message, not two), else by its own. A
 * crash leaves `sending` only the messages on a connection at that instant. A message that another
 * attempt holds, or that is done already, is not in the answer. `bodies` saves reading back the
 * parts of messages the caller has just stored, or gives them encoded already.
 */
export async function deliverQueuedMails(
  ctx: AppContext,
  outboxIds: string[],
  bodies: MailBodies = new Map(),
): Promise<Map<string, Delivery>> {
  const deliveries = new Map<string, Delivery>();
  const connections = connectionsOf(ctx.mail);
  await Promise.all(
    outboxIds.map(async (outboxId) => {
      const attempt = await connections.run(() => deliverOne(ctx, connections, outboxId, bodies.get(outboxId)));
      if (!attempt) return;
      // Sent: answered once its record is written, by the next claim on its connection or on its own.
      await attempt.recorded;
      deliveries.set(outboxId, attempt.delivery);
    }),
  );
  return deliveries;
}

type Attempt = { delivery: Delivery; recorded?: Promise<void> } | null;

async function deliverOne(ctx: AppContext, connections: Connections, outboxId: string, body: MailBody | undefined): Promise<Attempt> {
  const { db } = ctx.database;
  const redact = ctx.mail.kind === 'smtp';
  if (ctx.shutdown.handingBack) {
    await connections.writeUnrecorded((accepted) => recordSent(db, accepted, redact));
    ctx.shutdown.handedBack(1);
    return { delivery: { status: 'handedBack' } };
  }
  const claiming = connections.writeUnrecorded((accepted) => claimMail(db, outboxId, accepted, redact));
  if (body && 'raw' in body) return sendWhileClaiming(ctx, connections, { outboxId, body, claiming, redact });
  const mail = await claiming;
  if (!mail) return null;
  body ??= (await db.select({ html: mailOutbox.html, text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.id, outboxId)))[0];
  // Only the send is inside the try: a database error after SMTP took the message must not be
  // mistaken for a failed send and retried.
  let messageId: string;
  try {
    ({ messageId } = await ctx.mail.send(outgoingMail(ctx.config, mail, body)));
  } catch (error) {
    return { delivery: await recordFailure(ctx, mail, error) };
  }
  return recordAccepted(ctx, connections, { outboxId, messageId }, redact);
}

/**
 * A message encoded already goes to SMTP while its claim is written: the envelope and the data
 * are on their way, and only the data's end, the moment the server takes the message, waits for
 * the claim. Not claimed, the data never ends: the connection is closed, and the server discards
 * an unfinished message (RFC 5321). The claim's round trip was a quarter of each digest's turn on
 * its connection (docs/digests-pipeline.md). The SMTP envelope comes from the body: the claim has not answered yet.
 */
async function sendWhileClaiming(
  ctx: AppContext,
  connections: Connections,
  { outboxId, body, claiming, redact }: { outboxId: string; body: EncodedBody; claiming: Promise<Envelope | null>; redact: boolean },
): Promise<Attempt> {
  const envelope = { id: outboxId, to: body.to, subject: '', headers: {} };
  const sending = ctx.mail.send(outgoingMail(ctx.config, envelope, { raw: endsOnceClaimed(body.raw, claiming) })).then(
    ({ messageId }) => ({ messageId }),
    (error: unknown) => ({ error }),
  );
  const mail = await claiming.catch(async (error: unknown) => {
    await sending;
    throw error;
  });
  const sent = await sending;
  if (!mail) return null;
  if ('error' in sent) return { delivery: await recordFailure(ctx, mail, sent.error) };
  return recordAccepted(ctx, connections, { outboxId, messageId: sent.messageId }, redact);
}

/** The message's bytes, ended once its claim is written; broken off when it is not claimed, or the claim failed. */
function endsOnceClaimed(raw: Buffer, claiming: Promise<Envelope | null>): Readable {
  const stream = new PassThrough();
  stream.write(raw);
  claiming.then(
    (mail) => (mail ? stream.end() : stream.destroy(new Error('not claimed: another attempt holds the message, or it is done'))),
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return stream;
}

/**
 * Sent: recorded by the claim of the next message waiting for this connection, or on its own, also
 * when that claim failed. SMTP has the message: an outage shorter than the sweep's wait for a stuck
 * message does not make it `failed` (a digest `uncertain`).
 */
async function recordAccepted(ctx: AppContext, connections: Connections, accepted: Accepted, redact: boolean): Promise<Attempt> {
  const onItsOwn = () =>
    retriedWhileUnreachable(
      () => recordSent(ctx.database.db, [accepted], redact),
      RECORD_SENT_FOR_MS,
      (err) => ctx.log.warn({ err, outboxId: accepted.outboxId }, 'database unreachable: a sent message is recorded once it is back'),
    );
  if (connections.waiting) return { delivery: { status: 'sent' }, recorded: connections.handOver(accepted).catch(onItsOwn) };
  await onItsOwn();
  return { delivery: { status: 'sent' } };
}

/**
 * One delivery attempt of one message; answers the state it left the message in, or null when
 * another attempt holds it or it was done already. Throws only when the message should be tried
 * again (a temporary failure with attempts left), so that the job fails and pg-boss retries it.
 */
export async function deliverQueuedMail(ctx: AppContext, outboxId: string): Promise<'sent' | 'failed' | null> {
  const delivery = (await deliverQueuedMails(ctx, [outboxId])).get(outboxId);
  if (delivery?.status === 'queued') throw delivery.error;
  // Stopping: the job fails and pg-boss gives it to another worker.
  if (delivery?.status === 'handedBack') throw new Error('handed back: the process is stopping');
  return delivery?.status ?? null;
}

async function recordFailure(ctx: AppContext, mail: Envelope, error: unknown): Promise<Delivery> {
  const reason = error instanceof Error ? error.message : String(error);
  const final = error instanceof PermanentMailError || mail.attempts >= MAX_DELIVERY_ATTEMPTS;
  const retryAt = final ? null : new Date(Date.now() + RETRY_AFTER_MS * 2 ** (mail.attempts - 1));
  await leaveSending(ctx.database.db, mail.id, { status: final ? 'failed' : 'queued', lastError: reason, retryAt });
  ctx.log.warn({ outboxId: mail.id, attempts: mail.attempts, final, reason }, 'mail delivery failed');
  const { db } = ctx.database;
  if (error instanceof PermanentMailError && error.mailboxError) {
    await recordMailEvent(db, { outboxId: mail.id, kind: 'bounce', detail: reason });
    if (mail.userId) await suppressAddress(db, { userId: mail.userId, email: mail.to, reason: 'bounce' });
    if (mail.subscriberId) await unsubscribeSubscriber(db, mail.subscriberId, 'bounce');
  } else if (!(error instanceof PermanentMailError)) {
    // Never held against the recipient: a 4xx, a dropped connection, or the relay's own policy.
    await recordMailEvent(db, {
      outboxId: mail.id,
      kind: error instanceof TemporaryMailError && error.policyRefusal ? 'refusal' : 'deferral',
      detail: reason,
    });
  }
  return final ? { status: 'failed' } : { status: 'queued', error };
}

type Outcome = Pick<typeof mailOutbox.$inferInsert, 'status' | 'lastError' | 'retryAt'>;

async function leaveSending(db: Db, outboxId: string, outcome: Outcome): Promise<void> {
  await db
    .update(mailOutbox)
    .set(outcome)
    .where(and(eq(mailOutbox.id, outboxId), eq(mailOutbox.status, 'sending')));
}

function outgoingMail(
  config: Config,
  mail: Pick<Envelope, 'id' | 'to' | 'subject' | 'headers'>,
  body: MailParts | { raw: Buffer | Readable },
): OutgoingMail {
  return {
    // The outbox id makes every attempt of one message carry the same Message-ID, so receivers can
    // tell a retry from a new message.
    messageId: `<${mail.id}@${senderDomain(config)}>`,
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    headers: mail.headers,
    dsn: { id: mail.id, return: 'headers', notify: 'failure', recipient: mail.to },
    ...body,
  };
}

/** The domain of MAIL_FROM's address ("Stash <digest@example.com>" → example.com). */
export function senderDomain(config: Pick<Config, 'mailFrom' | 'appUrl'>): string {
  return /@([^\s<>@]+)>?\s*$/.exec(config.mailFrom)?.[1] ?? new URL(config.appUrl).hostname;
}
