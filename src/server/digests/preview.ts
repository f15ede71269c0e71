import { randomUUID } from 'node:crypto';
import type { User } from '../auth/current-user';
import type { AppContext } from '../context';
import type { DigestPreviewAnswer } from '../../shared/digest-schemas';
import { composeDigests } from './compose';
import { renderDigest } from './message';
import { nextDigestAfter } from './schedule';

/**
 * The next digest as the scheduler would send it if it went now: same content rules, same
 * template, same links from the stash. Only its web-view link differs, since the message it would
 * name does not exist yet.
 */
export async function previewDigest(ctx: AppContext, user: User, now = new Date()): Promise<DigestPreviewAnswer> {
  const nextSendAt = user.mailSuppressedAt ? null : nextDigestAfter(user, ctx.config, now);
  const date = nextSendAt ?? now;
  const content = (await composeDigests(ctx.database.db, [{ user, until: now }])).get(user.id);
  if (!content) return { nextSendAt: nextSendAt?.toISOString() ?? null, subject: null, html: null, text: null, linkCount: 0 };
  const message = await renderDigest(ctx.config, user, content, { outboxId: randomUUID(), date });
  return {
    nextSendAt: nextSendAt?.toISOString() ?? null,
    subject: message.subject,
    html: message.html,
    text: message.text,
    linkCount: message.linkCount,
  };
}
