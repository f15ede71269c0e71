import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { User } from '../auth/current-user';
import { ensureVerifiedAddress } from '../auth/email-verification';
import { sameMailbox } from './address-identity';
import { invitations, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { dispatchMail, queueMail } from '../mail/outbox';
import { billingMessages } from '../../shared/billing-messages';
import type { Invitation, InvitationsAnswer } from '../../shared/invitation-schemas';
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
    .select()
    .from(invitations)
    .where(eq(invitations.senderId, user.id))
    .orderBy(desc(invitations.createdAt))
    .limit(LISTED_INVITATIONS);
  return {
    availableInvites: user.availableInvites,
    totalInvitesSent: user.totalInvitesSent,
    referralMonthsEarned: user.referralMonthsEarned,
    invitations: rows.map(toInvitation),
  };
}

/**
 * Spends one of the sender's invitations on a code e-mailed to a friend, in one transaction: the
 * count goes down only if it is above 0 (one conditional UPDATE, so two sends at once cannot
 * overspend), the code and the e-mail are written with it, and the mail is dispatched after commit.
 */
export async function sendInvitation(ctx: AppContext, sender: User, email: string): Promise<Invitation> {
  ensureVerifiedAddress(sender);
  if (sameMailbox(email, sender.email)) throw new HttpError(400, 'SELF_INVITE', 'You cannot invite yourself.', { email: 'You cannot invite yourself.' });
  const code = newInvitationCode();
  const { row, outboxId } = await ctx.database.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(users)
      .set({ availableInvites: sql`${users.availableInvites} - 1`, totalInvitesSent: sql`${users.totalInvitesSent} + 1` })
      .where(and(eq(users.id, sender.id), gt(users.availableInvites, 0)))
      .returning({ id: users.id });
    if (!spent) throw new HttpError(403, 'NO_INVITES_LEFT', billingMessages.noInvitesLeft);
    const [row] = await tx.insert(invitations).values({ code, senderId: sender.id, recipientEmail: email, status: 'sent' }).returning();
    const outboxId = await queueMail(tx, {
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
    return { row, outboxId };
  });
  await dispatchMail(ctx, outboxId);
  return toInvitation(row);
}

function toInvitation(row: typeof invitations.$inferSelect): Invitation {
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
