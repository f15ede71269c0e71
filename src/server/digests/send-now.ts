import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { ensureAllowed, loadAccount, type RequestAuth } from '../auth/request-user';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { dispatchMail, storeMail } from '../mail/outbox';
import { digestMessages, type DigestSendAnswer } from '../../shared/digest-schemas';
import { accountMessages } from '../../shared/validation-messages';
import { composeDigests, markShownFromStash } from './compose';
import { renderDigest } from './message';

/** "Send digest now" is allowed once in this long (docs/product/digests.md, Send now). */
const MANUAL_DIGEST_INTERVAL_MS = 5 * 60_000;

/**
 * A digest now, by the same content rules as a scheduled one (pro and active trials). The five
 * minutes are claimed first with a conditional UPDATE of lastManualDigest, so two clicks at once
 * send one digest; when there turns out to be nothing to send, the claim is given back.
 */
export async function sendDigestNow(ctx: AppContext, auth: RequestAuth, now = new Date()): Promise<DigestSendAnswer> {
  ensureAllowed(ctx, auth, 'sendDigestNow');
  const { db } = ctx.database;
  const user = await loadAccount(ctx, auth);
  if (!user.emailVerified) return { success: false, message: accountMessages.verifyFirst };
  if (user.mailSuppressedAt) return { success: false, message: digestMessages.suppressed(user.mailSuppressedReason) };

  const windowStart = new Date(now.getTime() - MANUAL_DIGEST_INTERVAL_MS);
  const [claimed] = await db
    .update(users)
    .set({ lastManualDigest: now })
    .where(and(eq(users.id, user.id), or(isNull(users.lastManualDigest), lt(users.lastManualDigest, windowStart))))
    .returning();
  if (!claimed) {
    const [current] = await db.select({ last: users.lastManualDigest }).from(users).where(eq(users.id, user.id));
    const wait = (current?.last?.getTime() ?? now.getTime()) + MANUAL_DIGEST_INTERVAL_MS - now.getTime();
    return { success: false, message: digestMessages.tooSoon(Math.max(1, Math.ceil(wait / 60_000))) };
  }

  const content = (await composeDigests(db, [{ user: claimed, until: now }])).get(user.id);
  if (!content) {
    await db
      .update(users)
      .set({ lastManualDigest: user.lastManualDigest })
      .where(and(eq(users.id, user.id), eq(users.lastManualDigest, now)));
    return { success: false, message: digestMessages.nothingNew };
  }
  const message = await renderDigest(ctx.config, claimed, content, { outboxId: randomUUID(), date: now });
  await db.transaction(async (tx) => {
    await storeMail(tx, [message]);
    await markShownFromStash(tx, [{ userId: user.id, content, at: now }]);
    // The next digest, scheduled or not, starts after this one.
    await tx.update(users).set({ lastDigestSentAt: now }).where(eq(users.id, user.id));
  });
  await dispatchMail(ctx, message.id);
  return {
    success: true,
    message:
      content.newLinks.length > 0
        ? digestMessages.sent(message.linkCount, user.email)
        : digestMessages.resurfaced(message.linkCount, user.email),
  };
}
