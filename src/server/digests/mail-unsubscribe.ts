import type { AppContext } from '../context';
import { unsubscribe } from './public-links';

/** The subject of the mailto: in List-Unsubscribe, followed by the unsubscribe token. */
export const UNSUBSCRIBE_SUBJECT = 'unsubscribe';

/**
 * An unsubscribe sent by mail (the List-Unsubscribe mailto:), forwarded to the mail-feedback
 * webhook by the mail server that receives unsubscribe@ the sender's domain. True when the message
 * (its decoded subject) was one, whatever its token: a token that is not genuine changes nothing.
 */
export async function unsubscribeByMail(ctx: AppContext, subject: string): Promise<boolean> {
  const token = new RegExp(`^${UNSUBSCRIBE_SUBJECT}\\s+([A-Za-z0-9_-]{20,200})$`, 'i').exec(subject.trim())?.[1];
  if (!token) return false;
  if (await unsubscribe(ctx, token)) ctx.log.info('unsubscribed by mail');
  return true;
}
