import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { User } from '../auth/current-user';
import { ensureVerifiedAddress } from '../auth/email-verification';
import { invitations, mailOutbox, users } from '../db/schema';
import { sameMailbox } from './address-identity';
import { HttpError } from '../http/errors';
import { dispatchMail, queueMail } from '../mail/outbox';
import { billingMessages } from '../../shared/billing-messages';
import { invitationMessages, type Invitation, type InvitationsAnswer } from '../../shared/invitation-schemas';
import { paths } from '../../shared/routes';

/*
 * Invitation codes: 10 characters from 32 that cannot be mistaken for one another (no 0/O, 1/I),
 * drawn by the CSPRNG: 50 bits, far beyond guessing. Entered in any case, stored upper-case.
 */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;
/** Settings shows the latest ones; a Pro account sends at most 20 a month. */
const LISTED_INVITATIONS = 100;

function newInvitationCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export function normalizeInvitationCode(code: string): string {
  return code.trim().toUpperCase();
}

export async function listInvitations(ctx: AppContext, user: User): Promise<InvitationsAnswer> {
  const rows = await ctx.database.db
    .select({ invitation: invitations, friendConfirmed: users.emailVerified, friendLinks: users.linkCount })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.recipientId))
    .where(eq(invitations.senderId, user.id))
    .orderBy(desc(invitations.createdAt))
    .limit(LISTED_INVITATIONS);
  return {
    availableInvites: user.availableInvites,
    totalInvitesSent: user.totalInvitesSent,
    referralMonthsEarned: user.referralMonthsEarned,
    invitations: rows.map(({ invitation, friendConfirmed, friendLinks }) => ({
      ...toInvitation(invitation),
      friend: friendConfirmed === null ? null : { emailConfirmed: friendConfirmed, savedALink: (friendLinks ?? 0) > 0 },
    })),
  };
}

/** The same invitation is mailed to one address at most this often: a re-send is not a way to flood someone. */
const RESEND_INTERVAL_MS = 10 * 60 * 1000;

/**
 * E-mails a friend an invitation code, in one transaction with the sender's row locked (so two
 * sends at once are one after the other). A new address spends one invitation (only if one is
 * left); an address that already has an unused invitation from this sender gets the same code
 * again and spends nothing. The mail is dispatched after commit.
 */
export async function sendInvitation(
  ctx: AppContext,
  sender: User,
  email: string,
  now = new Date(),
): Promise<{ invitation: Invitation; resent: boolean }> {
  ensureVerifiedAddress(sender);
  if (sameMailbox(email, sender.email))
    throw new HttpError(400, 'SELF_INVITE', 'You cannot invite yourself.', { email: 'You cannot invite yourself.' });
  const { row, resent, outboxId } = await ctx.database.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, sender.id)).for('update');
    const [pending] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.senderId, sender.id), eq(invitations.recipientEmail, email), eq(invitations.status, 'sent')))
      .orderBy(desc(invitations.createdAt))
      .limit(1);
    if (pending) {
      if (await mailedSince(tx, sender.id, email, new Date(now.getTime() - RESEND_INTERVAL_MS))) {
        throw new HttpError(429, 'INVITATION_JUST_SENT', invitationMessages.justSent);
      }
      return { row: pending, resent: true, outboxId: await queueInvitationMail(ctx, tx, sender, email, pending.code) };
    }
    const [spent] = await tx
      .update(users)
      .set({ availableInvites: sql`${users.availableInvites} - 1`, totalInvitesSent: sql`${users.totalInvitesSent} + 1` })
      .where(and(eq(users.id, sender.id), gt(users.availableInvites, 0)))
      .returning({ id: users.id });
    if (!spent) throw new HttpError(403, 'NO_INVITES_LEFT', billingMessages.noInvitesLeft);
    const [row] = await tx
      .insert(invitations)
      .values({ code: newInvitationCode(), senderId: sender.id, recipientEmail: email, status: 'sent' })
      .returning();
    return { row, resent: false, outboxId: await queueInvitationMail(ctx, tx, sender, email, row.code) };
  });
  await dispatchMail(ctx, outboxId);
  return { invitation: { ...toInvitation(row), friend: null }, resent };
}

type Transaction = Parameters<Parameters<AppContext['database']['db']['transaction']>[0]>[0];

function queueInvitationMail(ctx: AppContext, tx: Transaction, sender: User, email: string, code: string): Promise<string> {
  return queueMail(tx, {
    userId: sender.id,
    to: email,
    template: 'invitation',
    props: {
      appUrl: ctx.config.appUrl,
      inviterName: [sender.firstName, sender.lastName].filter(Boolean).join(' ') || sender.email,
      code,
      joinUrl: `${ctx.config.appUrl}${paths.auth}?${new URLSearchParams({ invitationCode: code })}`,
    },
  });
}

/** Whether this sender's invitation mail went to this address after `since`. */
async function mailedSince(tx: Transaction, senderId: string, email: string, since: Date): Promise<boolean> {
  const [recent] = await tx
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.userId, senderId),
        eq(mailOutbox.to, email),
        eq(mailOutbox.template, 'invitation'),
        gt(mailOutbox.createdAt, since),
      ),
    )
    .limit(1);
  return recent !== undefined;
}

function toInvitation(row: typeof invitations.$inferSelect): Omit<Invitation, 'friend'> {
  return {
    id: row.id,
    code: row.code,
    recipientEmail: row.recipientEmail,
    status: row.status as Invitation['status'],
    rewardClaimed: row.rewardClaimed,
    createdAt: row.createdAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
  };
}
