import type { AppContext } from '../context';
import type { RateLimitRule } from '../auth/rate-limiter';

/** The largest mail taken, by SMTP (SIZE) and by the webhook. */
export const MAX_MAIL_BYTES = 10 * 1024 * 1024;
/** Mails an address takes in an hour's window; more get 429 (webhook) or 452 (SMTP) and are not recorded. */
export const MAILS_PER_HOUR: RateLimitRule = { limit: 100, windowSeconds: 3600 };

/** Counts one mail for the address; false when the hour's limit is reached. */
export async function admitMail(ctx: AppContext, userId: string): Promise<boolean> {
  const admission = await ctx.rateLimiter.attempt(`inbound-mail:${userId}`, [MAILS_PER_HOUR]);
  return admission.allowed;
}
