import { escape as escapeHtml } from 'html-escaper';
import { sharingMessages, weeklyDigestLabel } from '../../shared/sharing';
import type { PublicCategory, PublicLink } from './public-categories';
import { hostOf, publicPageCss } from './public-page';

/*
 * /@<handle>/<slug> written as a string, every value escaped by html-escaper: the public pages'
 * busiest address, where React's static rendering was most of a request's time (bench/public-page.mjs,
 * bench/RESULTS.md). The markup and look are public-page.tsx's Page, which the other public pages use.
 */

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** What the subscribe form shows: nothing yet, "check your inbox", or why the address was refused. */
export type SubscribeFormState = { status: 'idle' | 'sent' } | { status: 'invalid' | 'limited'; email: string };

export interface CategoryPageInput {
  category: PublicCategory;
  subscribe: SubscribeFormState;
  links: PublicLink[];
  page: number;
  hasMore: boolean;
  /** The page's own address without the page number, absolute. */
  pageUrl: string;
}

const head =
  '<!doctype html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><meta name="color-scheme" content="light dark"/>';
const style = `<style>${publicPageCss}</style></head><body><header><a class="brand" href="/">Stash</a></header><main>`;
const end = '</main></body></html>';

/** The category's links, newest first, with Open Graph tags and its feeds in the head. */
export function renderCategoryPage({ category, links, page, hasMore, pageUrl, subscribe }: CategoryPageInput): string {
  const curator = category.ownerName ? `${category.ownerName} (@${category.handle})` : `@${category.handle}`;
  const description = escapeHtml(category.description ?? `Links about ${category.name}, collected by ${curator} with Stash.`);
  const title = escapeHtml(`${category.name} · ${curator}`);
  const name = escapeHtml(category.name);
  const url = escapeHtml(pageUrl);
  const list =
    links.length === 0
      ? `<p class="muted">${page > 1 ? 'No more links.' : 'No links here yet.'}</p>`
      : `<ol class="links">${links.map(linkItem).join('')}</ol>`;
  const newer = page > 1 ? `<a href="${page === 2 ? url : `${url}?page=${page - 1}`}">← Newer links</a>` : '<span></span>';
  const older = hasMore ? `<a href="${url}?page=${page + 1}">Older links →</a>` : '<span></span>';
  return (
    `${head}<title>${title}</title>` +
    `<meta name="description" content="${description}"/>` +
    `<meta name="robots" content="${category.allowIndexing ? 'index, follow' : 'noindex'}"/>` +
    `<link rel="canonical" href="${page > 1 ? `${url}?page=${page}` : url}"/>` +
    `<link rel="alternate" type="application/atom+xml" title="${name} (Atom)" href="${url}/feed.xml"/>` +
    `<link rel="alternate" type="application/rss+xml" title="${name} (RSS)" href="${url}/feed.rss"/>` +
    `<meta property="og:type" content="website"/><meta property="og:site_name" content="Stash"/>` +
    `<meta property="og:title" content="${title}"/><meta property="og:description" content="${description}"/>` +
    `<meta property="og:url" content="${url}"/><meta name="twitter:card" content="summary"/>${style}` +
    `<div class="intro"><h1>${name}</h1><p class="curator">Collected by ${escapeHtml(curator)}</p>` +
    `${category.description ? `<p>${description}</p>` : ''}</div>` +
    subscribeForm(category, `${escapeHtml(new URL(pageUrl).pathname)}/subscribe#subscribe`, subscribe) +
    `${list}<nav class="pages" aria-label="Pages">${newer}${older}</nav>` +
    `<p class="feeds">Follow in a feed reader: <a href="${url}/feed.xml">Atom</a> · <a href="${url}/feed.rss">RSS</a></p>${end}`
  );
}

/** "Get these links by e-mail": a plain form that works without script (the page has none). */
function subscribeForm(category: PublicCategory, action: string, state: SubscribeFormState): string {
  const error =
    state.status === 'invalid' ? sharingMessages.subscribeBadAddress : state.status === 'limited' ? sharingMessages.subscribeTooMany : null;
  const when = escapeHtml(weeklyDigestLabel(category.subscriberDigestDay, category.subscriberDigestHour, category.timezone));
  const body =
    state.status === 'sent'
      ? `<p class="sent" role="status">${escapeHtml(sharingMessages.subscribeCheckInbox)}</p>`
      : `<form noValidate="" action="${action}" method="post"><label for="subscribe-email">Your e-mail address</label>` +
        (error ? `<p class="error" id="subscribe-error" role="alert">${escapeHtml(error)}</p>` : '') +
        '<div class="row"><input id="subscribe-email" type="email" autoComplete="email" inputMode="email" required="" maxLength="254"' +
        (error ? ' aria-invalid="true" aria-describedby="subscribe-error subscribe-consent"' : ' aria-describedby="subscribe-consent"') +
        ` name="email"${'email' in state ? ` value="${escapeHtml(state.email)}"` : ''}/>` +
        '<button type="submit">Subscribe</button></div>' +
        `<p class="consent" id="subscribe-consent">${escapeHtml(keepEmailTogether(sharingMessages.subscribeConsent))}</p></form>`;
  return (
    '<section class="subscribe" id="subscribe" aria-labelledby="subscribe-title">' +
    '<h2 id="subscribe-title">Get these links by <span class="nowrap">e-mail</span></h2>' +
    `<p class="meta">Weekly, on ${when}, in weeks with new links.</p>${body}</section>`
  );
}

/** "e-mail" with a non-breaking hyphen: a narrow screen would otherwise break the word at it. */
const keepEmailTogether = (text: string) => text.replaceAll('e-mail', 'e\u2011mail');

function linkItem(link: PublicLink): string {
  const site = link.siteName ?? hostOf(link.url);
  const meta = [site, link.readingMinutes ? `${link.readingMinutes} min read` : null, `Saved ${dateFormat.format(link.createdAt)}`]
    .filter(Boolean)
    .join(' · ');
  return (
    `<li><h2><a href="${escapeHtml(link.url)}" rel="ugc nofollow">${escapeHtml(link.title || link.url)}</a></h2>` +
    `<p class="meta">${escapeHtml(meta)}</p>` +
    (link.excerpt ? `<p class="excerpt">${escapeHtml(link.excerpt)}</p>` : '') +
    (link.notes ? `<p class="note">${escapeHtml(link.notes)}</p>` : '') +
    '</li>'
  );
}
