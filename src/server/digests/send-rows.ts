import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { INTERRUPTED_DELIVERY } from '../mail/sweep-job';

/*
 * The digest_sends statements of the send path, each for many sends at once. Every change an
 * attempt makes after its claim is fenced by (id, attempts): if the sweep gave the send to a newer
 * attempt, the older one changes nothing.
 */

export interface Slot {
  userId: string;
  scheduledFor: Date;
}

export interface ClaimedSend extends Slot {
  id: string;
  attempts: number;
}

type Writer = Pick<Db, 'execute'>;

const ids = (claims: ClaimedSend[]) => sql.param(claims.map((c) => c.id));
const attempts = (claims: ClaimedSend[]) => sql.param(claims.map((c) => c.attempts));

/** pending → sending, for the slots still pending; nothing else is touched. */
export async function claimSlots(db: Writer, slots: Slot[]): Promise<ClaimedSend[]> {
  if (slots.length === 0) return [];
  const { rows } = await db.execute<{ id: string; user_id: string; scheduled_for: string; attempts: number }>(sql`
    update digest_sends d set status = 'sending', attempts = d.attempts + 1, updated_at = now()
    from unnest(${sql.param(slots.map((s) => s.userId))}::uuid[], ${sql.param(slots.map((s) => s.scheduledFor))}::timestamptz[]) as s(user_id, scheduled_for)
    where d.user_id = s.user_id and d.scheduled_for = s.scheduled_for and d.status = 'pending'
    returning d.id, d.user_id, d.scheduled_for, d.attempts`);
  return rows.map((row) => ({ id: row.id, userId: row.user_id, scheduledFor: new Date(row.scheduled_for), attempts: row.attempts }));
}

/** sending → pending for claims that have no message yet, so a retry (or the sweep) can claim them again. */
export async function releaseClaims(db: Writer, claims: ClaimedSend[]): Promise<void> {
  if (claims.length === 0) return;
  await db.execute(sql`
    update digest_sends d set status = 'pending', updated_at = now()
    from unnest(${ids(claims)}::uuid[], ${attempts(claims)}::int[]) as c(id, attempts)
    where d.id = c.id and d.attempts = c.attempts and d.status = 'sending' and d.outbox_id is null`);
}

/** sending → skipped or failed, each with its reason. */
export async function finishClaims(
  db: Writer,
  claims: ClaimedSend[],
  outcome: { status: 'skipped' | 'failed'; reasons: string[] },
): Promise<void> {
  if (claims.length === 0) return;
  await db.execute(sql`
    update digest_sends d set status = ${outcome.status}, error = c.reason, updated_at = now()
    from unnest(${ids(claims)}::uuid[], ${attempts(claims)}::int[], ${sql.param(outcome.reasons)}::text[]) as c(id, attempts, reason)
    where d.id = c.id and d.attempts = c.attempts and d.status = 'sending'`);
}

/** Locks the claims that are still this attempt's and answers their ids: only those may get a message. */
export async function holdClaims(tx: Writer, claims: ClaimedSend[]): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const { rows } = await tx.execute<{ id: string }>(sql`
    update digest_sends d set updated_at = now()
    from unnest(${ids(claims)}::uuid[], ${attempts(claims)}::int[]) as c(id, attempts)
    where d.id = c.id and d.attempts = c.attempts and d.status = 'sending'
    returning d.id`);
  return new Set(rows.map((row) => row.id));
}

/** Records each send's message, and moves each user's "since the previous digest" to its slot. */
export async function attachMessages(tx: Writer, sent: { claim: ClaimedSend; outboxId: string; linkCount: number }[]): Promise<void> {
  if (sent.length === 0) return;
  await tx.execute(sql`
    update digest_sends d set outbox_id = m.outbox_id, link_count = m.link_count
    from unnest(${sql.param(sent.map((s) => s.claim.id))}::uuid[], ${sql.param(sent.map((s) => s.outboxId))}::uuid[],
                ${sql.param(sent.map((s) => s.linkCount))}::int[]) as m(id, outbox_id, link_count)
    where d.id = m.id`);
  await tx.execute(sql`
    update users u set last_digest_sent_at = greatest(coalesce(u.last_digest_sent_at, m.until), m.until)
    from unnest(${sql.param(sent.map((s) => s.claim.userId))}::uuid[], ${sql.param(sent.map((s) => s.claim.scheduledFor))}::timestamptz[]) as m(user_id, until)
    where u.id = m.user_id`);
}

/**
 * Copies the outbox's final state to sends that handed it their message: sent → sent; failed →
 * failed, or uncertain when the outbox sweep found the delivery interrupted (it may have reached
 * SMTP). Only the given messages, or all of them when none are given (the sweep).
 */
export async function settleFromOutbox(db: Writer, outboxIds?: string[]): Promise<number> {
  const only = outboxIds ? sql`and d.outbox_id = any(${sql.param(outboxIds)}::uuid[])` : sql``;
  const { rowCount } = await db.execute(sql`
    update digest_sends d
    set status = case when o.status = 'sent' then 'sent' when o.last_error = ${INTERRUPTED_DELIVERY} then 'uncertain' else 'failed' end,
        error = o.last_error, updated_at = now()
    from mail_outbox o
    where d.status = 'sending' and d.outbox_id = o.id and o.status in ('sent', 'failed') ${only}`);
  return rowCount ?? 0;
}
