import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import type { AppContext } from '../context';
import type { User } from '../auth/current-user';
import { HttpError } from '../http/errors';
import { saveLink } from '../links/service';
import { linkLengths } from '../../shared/link-lengths';
import { normaliseUserUrl } from '../../shared/link-rules';
import { toMultiLine, toOneLine } from '../../shared/text';
import { inboundMailMessages } from '../../shared/inbound-mail-schemas';
import { classifyMail } from './classify';
import { recordMail } from './history';
import { checkMailAuth, type Envelope } from './mail-auth';
import { saveMailAsPage } from './mail-copy';
import { MAX_MAIL_BYTES } from './limits';

/**
 * One pipeline for both ways in (smtp-listener.ts, webhook-routes.ts), once the recipient is known
 * to be a verified user's address and the mail is counted: parse, check SPF/DKIM/DMARC, save, record.
 * Never answers the sender by mail (no backscatter): what happened is in Settings.
 */
export async function receiveMail(ctx: AppContext, user: User, raw: Buffer, via: 'smtp' | 'webhook', envelope: Envelope = {}) {
  const mailId = randomUUID();
  const [parsed, auth] = await Promise.all([
    simpleParser(raw, { skipImageLinks: true, skipHtmlToText: false, maxHtmlLengthToParse: MAX_MAIL_BYTES }),
    checkMailAuth(raw, envelope, ctx.config.inbound?.domain ?? 'localhost'),
  ]);
  // Everything from the mail is stored through the text rules of docs/security.md (Hostile input).
  const from = parsed.from?.value[0];
  const fromName = from?.name ? toOneLine(from.name).slice(0, 200) : null;
  const fromAddress = from?.address ? toOneLine(from.address).slice(0, 320) : null;
  const subject = parsed.subject ? toOneLine(parsed.subject).replace(/\s+/g, ' ').slice(0, 1000) || null : null;
  const title = subject ? subject.slice(0, linkLengths.title.max) : null;
  const kind = classifyMail(parsed);
  const requestAuth = { user, kind: 'token' as const };
  let outcome: 'saved' | 'refused' = 'refused';
  let detail: string;
  let linkIds: string[] = [];
  try {
    if (kind.kind === 'content') {
      const siteName = fromName || fromAddress;
      linkIds = [
        await saveMailAsPage(ctx, requestAuth, mailId, { html: kind.html, text: toMultiLine(parsed.text ?? ''), title, siteName }),
      ];
      outcome = 'saved';
      detail = 'Saved as a page of its own.';
    } else {
      ({ outcome, detail, linkIds } = await saveLinks(ctx, requestAuth, kind.urls, kind.urls.length === 1 ? title : null));
    }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    detail = `Refused: ${error.message}`;
  }
  await recordMail(ctx.database.db, { id: mailId, userId: user.id, via, fromAddress, subject, outcome, detail, linkIds, auth });
  return { outcome, detail };
}

async function saveLinks(ctx: AppContext, auth: { user: User; kind: 'token' }, urls: string[], title: string | null) {
  const linkIds: string[] = [];
  let created = 0;
  let duplicates = 0;
  let refusal: string | undefined;
  for (const candidate of urls) {
    const url = normaliseUserUrl(candidate);
    if (!url.ok) continue;
    try {
      const saved = await saveLink(ctx, auth, { url: url.url, title, includeInNewsletter: true });
      linkIds.push(saved.answer.link.id);
      if (saved.created) created++;
      else duplicates++;
    } catch (error) {
      // The month's limit or an ended trial refuses the rest too.
      if (!(error instanceof HttpError)) throw error;
      refusal = error.message;
      break;
    }
  }
  if (linkIds.length === 0)
    return { outcome: 'refused' as const, detail: refusal ? `Refused: ${refusal}` : inboundMailMessages.noLink, linkIds };
  const parts = [`Saved ${created} ${created === 1 ? 'link' : 'links'}`];
  if (duplicates > 0) parts.push(`${duplicates} already in your stash`);
  if (refusal) parts.push(`the rest refused: ${refusal}`);
  return { outcome: 'saved' as const, detail: `${parts.join('; ')}.`, linkIds };
}
