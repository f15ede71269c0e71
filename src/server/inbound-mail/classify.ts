import type { ParsedMail } from 'mailparser';

/*
 * What a mail is: a share (its body is one or a few links, maybe with a line such as "Sent from my
 * iPhone") or content of its own (a forwarded newsletter: more words than its links). Words are
 * counted in the plain text with the addresses taken out, so a newsletter's link texts count, its
 * long tracking addresses do not.
 */

/** The most links one mail saves. */
export const MAX_LINKS_PER_MAIL = 20;
/** More words than this outside the link addresses and the mail is content, not a share. */
const SHARE_MAX_WORDS = 40;

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'\]]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?)>]+$/;

export type MailKind = { kind: 'links'; urls: string[] } | { kind: 'content'; html: string };

export function classifyMail(mail: Pick<ParsedMail, 'text' | 'html' | 'textAsHtml'>): MailKind {
  const text = mail.text ?? '';
  const urls = [...new Set((text.match(URL_IN_TEXT) ?? []).map((url) => url.replace(TRAILING_PUNCTUATION, '')))];
  const words = text.replace(URL_IN_TEXT, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  if (words > SHARE_MAX_WORDS) {
    const html = typeof mail.html === 'string' && mail.html ? mail.html : (mail.textAsHtml ?? '');
    return { kind: 'content', html };
  }
  return { kind: 'links', urls: urls.slice(0, MAX_LINKS_PER_MAIL) };
}
