import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { links, pageCopies } from '../db/schema';
import type { RequestAuth } from '../auth/request-user';
import { cleanArticleHtml } from '../pages/read/clean-html';
import { excerptOf, readingMinutes, tidyText, wordCount } from '../pages/read/text-measures';
import { normaliseForDuplicates } from '../../shared/link-rules';
import { toMultiLine } from '../../shared/text';
import { saveLink } from '../links/service';

export interface MailContent {
  html: string;
  text: string;
  title: string | null;
  siteName: string | null;
}

/**
 * A mail that is content of its own (a forwarded newsletter) saved as one link whose page is the
 * reader view of that link (`/read/<id>`), with the mail's HTML as its readable copy: cleaned by the
 * same sanitiser as fetched pages (no scripts, styles or forms; images by https only, which the
 * reader loads through the image proxy). The page is never fetched: the copy is the mail.
 */
export async function saveMailAsPage(ctx: AppContext, auth: RequestAuth, mailId: string, content: MailContent) {
  const placeholder = `${ctx.config.appUrl}/read/mail-${mailId}`;
  const saved = await saveLink(ctx, auth, { url: placeholder, title: content.title, includeInNewsletter: true }, false);
  const linkId = saved.answer.link.id;
  const url = `${ctx.config.appUrl}/read/${linkId}`;
  // NUL and other control characters out first: PostgreSQL cannot store them.
  const html = cleanArticleHtml(toMultiLine(content.html), url);
  const text = tidyText(content.text);
  const words = wordCount(text, null);
  const excerpt = excerptOf(null, text);
  await ctx.database.db.transaction(async (tx) => {
    const [link] = await tx
      .update(links)
      .set({
        url,
        normalizedUrl: normaliseForDuplicates(url),
        contentStatus: 'ready',
        siteName: content.siteName,
        excerpt,
        description: excerpt,
        readingMinutes: readingMinutes(words),
      })
      .where(and(eq(links.id, linkId), eq(links.userId, auth.user.id)))
      .returning({ createdAt: links.createdAt });
    await tx.insert(pageCopies).values({
      linkId,
      userId: auth.user.id,
      linkCreatedAt: link.createdAt,
      kind: 'article',
      url,
      contentType: 'message/rfc822',
      title: content.title,
      siteName: content.siteName,
      excerpt,
      wordCount: words,
      readingMinutes: readingMinutes(words),
      html,
      text,
    });
  });
  return linkId;
}
