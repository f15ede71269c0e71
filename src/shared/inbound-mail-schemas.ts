import { z } from 'zod';

/** Save by e-mail (docs/product/links.md): the user's private address and the mails it received. */

/** The most mails Settings lists (the newest first). */
export const INBOUND_MAILS_LISTED = 20;

export const inboundMail = z.object({
  id: z.string(),
  receivedAt: z.iso.datetime(),
  via: z.enum(['smtp', 'webhook']),
  from: z.string().nullable(),
  subject: z.string().nullable(),
  outcome: z.enum(['saved', 'refused']),
  /** What the mail became, or why it was refused, in words. */
  detail: z.string(),
  linkIds: z.array(z.string()),
  auth: z.object({ spf: z.string(), dkim: z.string(), dmarc: z.string() }),
});
export type InboundMail = z.infer<typeof inboundMail>;

export const inboundMailAnswer = z.object({
  /** False when the server has save by e-mail off (no INBOUND_DOMAIN): the app shows nothing of it. */
  enabled: z.boolean(),
  /** Null until the user asks for one (or when their e-mail address is not verified yet). */
  address: z.string().nullable(),
  emailVerified: z.boolean(),
  mails: z.array(inboundMail),
});
export type InboundMailAnswer = z.infer<typeof inboundMailAnswer>;

export const inboundAddressAnswer = z.object({ address: z.string() });

export const inboundMailMessages = {
  notEnabled: 'Save by e-mail is not enabled on this server.',
  verifyFirst: 'Verify your e-mail address first: an unverified account\u2019s address accepts nothing.',
  noLink: 'Refused: no link found in this mail.',
  unknownRecipient: 'No mailbox here takes this mail.',
  tooBig: 'Refused: the mail is larger than 10 MB.',
} as const;
