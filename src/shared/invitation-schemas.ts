import { z } from 'zod';
import { emailField } from './auth-schemas';

/** Invitations (docs/product/invitations.md): what Settings → Invitations sends and shows. */

export const sendInvitationBody = z.object({ email: emailField });

const invitationStatus = z.enum(['available', 'sent', 'used', 'expired']);

const invitation = z.object({
  id: z.uuid(),
  code: z.string(),
  recipientEmail: z.string().nullable(),
  status: invitationStatus,
  /** The friend confirmed their address, saved a first link, and the sender got their free month. */
  rewardClaimed: z.boolean(),
  /** Once the friend joined (status used): the two steps that earn the sender's month, each done or not yet. */
  friend: z.object({ emailConfirmed: z.boolean(), savedALink: z.boolean() }).nullable(),
  createdAt: z.iso.datetime(),
  usedAt: z.iso.datetime().nullable(),
});

/** POST /api/invitations: `resent` when the address already had an unused invitation, mailed again without using another. */
export const sentInvitation = invitation.extend({ resent: z.boolean() });

export const invitationsAnswer = z.object({
  availableInvites: z.number().int(),
  totalInvitesSent: z.number().int(),
  referralMonthsEarned: z.number().int(),
  invitations: z.array(invitation),
});

export const invitationMessages = {
  justSent: 'This invitation was sent a few minutes ago. Please wait a little before sending it again.',
  /** The toast after a send (title / text); a re-send spends no invitation. */
  sent: (email: string) => ({ title: 'Invitation sent', text: `${email} will get your invitation code by e-mail.` }),
  resent: (email: string) => ({
    title: 'Invitation sent again',
    text: `${email} already had an invitation from you: the same code was sent again, and no invitation was used.`,
  }),
} as const;

export type Invitation = z.infer<typeof invitation>;
export type SentInvitation = z.infer<typeof sentInvitation>;
export type InvitationsAnswer = z.infer<typeof invitationsAnswer>;
