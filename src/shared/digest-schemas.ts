import { z } from 'zod';
import { emailField } from './auth-schemas';

/** GET /api/digest/preview: the next digest exactly as it would go out now, and when it goes. */
export const digestPreviewAnswer = z.object({
  /** Null when nothing is scheduled (frequency none, or the address is suppressed). */
  nextSendAt: z.iso.datetime().nullable(),
  /** Null, like html and text, when there is nothing to send: no e-mail would go out. */
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  linkCount: z.number().int(),
});

/** POST /api/send-digest-now (docs/product/digests.md, Send now). */
export const digestSendAnswer = z.object({ success: z.boolean(), message: z.string() });

/** POST /api/test/email: the signed-in user's own address, or any for an administrator. */
export const testEmailBody = z.object({ email: emailField });
export const testEmailAnswer = z.object({ success: z.boolean(), message: z.string() });

export const digestMessages = {
  sent: (count: number, email: string) => `Your digest with ${count} ${count === 1 ? 'link' : 'links'} is on its way to ${email}.`,
  resurfaced: (count: number, email: string) =>
    `Nothing new since your last digest, so we sent ${count} unread ${count === 1 ? 'link' : 'links'} from your stash to ${email}.`,
  nothingNew: 'No new links since your last digest, so there is nothing to send.',
  tooSoon: (minutes: number) =>
    `You can send a digest once every 5 minutes. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  /** Why nothing goes to a suppressed address: a hard bounce, or (reason 'complaint') a spam report. */
  suppressed: (reason: string | null) =>
    reason === 'complaint'
      ? 'Your mail provider told us you marked one of our emails as spam, so we stopped sending digests. Change your email address under Profile to receive them again.'
      : 'Your email address bounced, so we stopped sending to it. Change your email address under Profile to receive digests again.',
  testSent: (email: string) => `Test email sent to ${email}.`,
  testOwnAddressOnly: 'You can send a test email to your own address only.',
} as const;

export type DigestPreviewAnswer = z.infer<typeof digestPreviewAnswer>;
export type DigestSendAnswer = z.infer<typeof digestSendAnswer>;
export type TestEmailBody = z.infer<typeof testEmailBody>;
