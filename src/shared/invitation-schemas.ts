import { z } from 'zod';
import { emailField } from './auth-schemas';

/** Invitations (PRODUCT.md points 2 and 3): what Settings → Invitations sends and shows. */

export const sendInvitationBody = z.object({ email: emailField });

const invitationStatus = z.enum(['available', 'sent', 'used', 'expired']);

export const invitation = z.object({
  id: z.uuid(),
  code: z.string(),
  recipientEmail: z.string().nullable(),
  status: invitationStatus,
  /** The friend verified their address and the sender got their free month. */
  rewardClaimed: z.boolean(),
  createdAt: z.iso.datetime(),
  usedAt: z.iso.datetime().nullable(),
});

export const invitationsAnswer = z.object({
  availableInvites: z.number().int(),
  totalInvitesSent: z.number().int(),
  referralMonthsEarned: z.number().int(),
  invitations: z.array(invitation),
});

export type Invitation = z.infer<typeof invitation>;
export type InvitationsAnswer = z.infer<typeof invitationsAnswer>;
