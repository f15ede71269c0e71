import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { User } from '../auth/current-user';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { deliverQueuedMails, dispatchMail, RETRY_AFTER_MS, storeEncodedMail } from '../mail/outbox';
import { HOUR_MS } from '../../shared/zoned-time';
import { composeDigests, markShownFromStash, type DigestContent } from './compose';
import type { DigestMessage } from './message';
import { renderOnThread } from './render-thread';
import {
  attachMessages,
  claimSlots,
  finishClaims,
  holdClaims,
  releaseClaims,
  settleFromOutbox,
  type ClaimedSend,
  type Slot,
} from './send-rows';

/*
 * A scheduled digest is a row of digest_sends, unique per user and scheduled time. Its states:
 *
 *   pending    The sweep found the slot due and wrote the row; a digests.send job will claim it.
 *              The sweep also puts a send back here when its attempt died before storing a message.
 *   sending    Claimed by one attempt (a conditional UPDATE from pending that counts attempts).
 *              While outboxId is null it is being composed; once set, the message is in the outbox,
 *              whose own states carry its delivery, and the outcome is copied back here (by the
 *              attempt, or after a crash by the sweep).
 *   sent       The SMTP server accepted the message. Accepted is not delivered.
 *   failed     Refused for good (5xx), out of delivery attempts, or it could not be composed.
 *   skipped    Nothing went out, on purpose: nothing new and nothing from the stash, more than 6 hours
 *              late, digests turned off, or the address suppressed.
 *   uncertain  The delivery was interrupted after the message may have reached SMTP. It is never
 *              sent again: for digests, at most once beats a duplicate in someone's inbox.
 *
 *   pending → sending → sent | failed | skipped | uncertain, and sending → pending after a crash
 *   before the message was stored.
 */

/** A send this late (the service was down) is skipped: the next one is the user's next digest. */
export const OVERDUE_AFTER_MS = 6 * HOUR_MS;

/** Claims, composes, stores and delivers the digests of these slots; a slot not pending is left alone. */
export async function sendScheduledDigests(ctx: AppContext, slots: Slot[], now = new Date()): Promise<void> {
  // Fetched as the process began to stop: the jobs fail unclaimed, and pg-boss retries them elsewhere.
  if (ctx.shutdown.stopping) throw new Error('not claimed: the process is stopping');
  const claims = await claimSlots(ctx.database.db, slots);
  if (claims.length === 0) return;
  ctx.shutdown.started('digests', claims.length);
  try {
    let stored: SendableDigest[];
    try {
      stored = await composeAndStore(ctx, claims, now);
    } catch (error) {
      await releaseClaims(ctx.database.db, claims);
      throw error;
    }
    await deliverDigests(ctx, stored);
  } finally {
    ctx.shutdown.finished('digests', claims.length);
  }
}

/** A digest stored in the outbox: its id and the message as SMTP carries it (encoded on the render thread). */
type SendableDigest = { id: string; to: string; raw: Buffer };

/** Renders every claim's digest on the render thread, then stores the messages in one transaction; answers those stored. */
async function composeAndStore(ctx: AppContext, claims: ClaimedSend[], now: Date): Promise<SendableDigest[]> {
  const { db } = ctx.database;
  const owners = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        claims.map((c) => c.userId),
      ),
    );
  const { ready, skipped, later } = sortClaims(claims, new Map(owners.map((u) => [u.id, u])), now);
  const contents = await composeDigests(
    db,
    ready.map(({ claim, user }) => ({ user, until: claim.scheduledFor })),
  );
  const withContent = ready.flatMap(({ claim, user }) => {
    const content = contents.get(user.id);
    if (!content) skipped.push({ claim, reason: 'nothing new' });
    return content ? [{ claim, user, content }] : [];
  });
  const rendered = await renderOnThread(
    ctx.config,
    withContent.map(({ claim, user, content }) => ({
      user: { id: user.id, email: user.email, timezone: user.timezone },
      content,
      at: { outboxId: randomUUID(), date: claim.scheduledFor },
    })),
  );
  const messages: {
    claim: ClaimedSend;
    message: Omit<DigestMessage, 'html' | 'text'> & { html: Buffer; text: Buffer; raw: Buffer };
    content: DigestContent;
  }[] = [];
  const failed: { claim: ClaimedSend; reason: string }[] = [];
  withContent.forEach(({ claim, content }, i) => {
    const digest = rendered[i];
    if ('error' in digest) {
      ctx.log.error({ err: digest.error, digestSendId: claim.id }, 'digest could not be rendered');
      failed.push({ claim, reason: 'could not be rendered' });
    } else {
      messages.push({
        claim,
        content,
        message: { ...digest, html: asBuffer(digest.html), text: asBuffer(digest.text), raw: asBuffer(digest.raw) },
      });
    }
  });

  const stored = await db.transaction(async (tx) => {
    const held = await holdClaims(
      tx,
      messages.map((m) => m.claim),
    );
    const ours = messages.filter((m) => held.has(m.claim.id));
    await storeEncodedMail(
      tx,
      ours.map((m) => m.message),
    );
    await attachMessages(
      tx,
      ours.map(({ claim, message }) => ({ claim, outboxId: message.id, linkCount: message.linkCount })),
    );
    await markShownFromStash(
      tx,
      ours.map(({ claim, content }) => ({ userId: claim.userId, content, at: claim.scheduledFor })),
    );
    // Only the encoded message from here on: the parts are in the outbox.
    return ours.map(({ message }) => ({ id: message.id, to: message.to, raw: message.raw }));
  });
  await finishClaims(
    db,
    skipped.map((s) => s.claim),
    { status: 'skipped', reasons: skipped.map((s) => s.reason) },
  );
  await finishClaims(
    db,
    failed.map((f) => f.claim),
    { status: 'failed', reasons: failed.map((f) => f.reason) },
  );
  await releaseClaims(db, later);
  return stored;
}

/** A thread's bytes as a Buffer, without a copy. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The claims to compose now, those to skip (with why), and those to put back for later. */
function sortClaims(claims: ClaimedSend[], owners: Map<string, User>, now: Date) {
  const ready: { claim: ClaimedSend; user: User }[] = [];
  const skipped: { claim: ClaimedSend; reason: string }[] = [];
  const later: ClaimedSend[] = [];
  for (const claim of [...claims].sort((a, b) => a.scheduledFor.getTime() - b.scheduledFor.getTime())) {
    const user = owners.get(claim.userId)!;
    const reason = skipReason(user, claim, now);
    if (reason) skipped.push({ claim, reason });
    // Two slots of one user are composed one after the other: the second starts where the first ends.
    else if (ready.some((r) => r.user.id === user.id)) later.push(claim);
    else ready.push({ claim, user });
  }
  return { ready, skipped, later };
}

function skipReason(user: User, claim: ClaimedSend, now: Date): string | null {
  if (now.getTime() - claim.scheduledFor.getTime() > OVERDUE_AFTER_MS) return 'overdue';
  if (user.emailFrequency === 'none') return 'digests turned off';
  if (user.mailSuppressedAt) return 'address suppressed';
  if (!user.emailVerified) return 'address not verified';
  return null;
}

/**
 * Hands the stored messages to SMTP now, rather than through a mail.deliver job each: one queue
 * round trip fewer per digest. Each is recorded in the outbox the moment SMTP takes it. A temporary
 * failure goes to mail.deliver for its retries; a message the stopping process hands back, to
 * mail.deliver at once (another instance takes it).
 */
async function deliverDigests(ctx: AppContext, messages: SendableDigest[]): Promise<void> {
  if (messages.length === 0) return;
  const outboxIds = messages.map((message) => message.id);
  const deliveries = await deliverQueuedMails(ctx, outboxIds, new Map(messages.map((m) => [m.id, { raw: m.raw, to: m.to }])));
  for (const [outboxId, delivery] of deliveries) {
    if (delivery.status === 'queued') await dispatchMail(ctx, outboxId, { startAfter: new Date(Date.now() + RETRY_AFTER_MS) });
    if (delivery.status === 'handedBack') await dispatchMail(ctx, outboxId);
  }
  await settleFromOutbox(ctx.database.db, outboxIds);
}
