import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { brandedCss } from '../http/branded-page';
import { sharingMessages, weeklyDigestLabel } from '../../shared/sharing';
import type { PublicCategory, PublicLink } from './public-categories';

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

const listCss = `
:root { --danger: #b91c1c; }
@media (prefers-color-scheme: dark) { :root { --danger: #fca5a5; } }
.intro { margin-bottom: 2rem; }
.curator { color: var(--muted); margin: 0 0 .5rem; }
ol.links { list-style: none; margin: 0; padding: 0; }
ol.links li { padding: 1rem 0; border-bottom: 1px solid var(--border); }
ol.links h2 { font-size: 1.1rem; line-height: 1.35; margin: 0 0 .25rem; }
ol.links h2 a { text-decoration: none; }
ol.links h2 a:hover { text-decoration: underline; }
.meta { color: var(--muted); font-size: .875rem; margin: 0 0 .25rem; }
.excerpt { margin: 0 0 .25rem; }
.note { margin: .5rem 0 0; padding: .5rem .75rem; border-left: 3px solid var(--primary); font-style: italic; }
nav.pages { display: flex; justify-content: space-between; gap: 1rem; margin-top: 1.5rem; }
.feeds { font-size: .875rem; color: var(--muted); margin-top: 2rem; }
.subscribe { margin: 0 0 2rem; padding: 1rem 1.25rem; border: 1px solid var(--border); border-radius: .5rem; }
.subscribe h2 { font-size: 1.1rem; margin: 0 0 .25rem; }
.subscribe label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
.subscribe .row { display: flex; flex-wrap: wrap; gap: .5rem; }
.subscribe input { flex: 1 1 10rem; min-width: 0; font: inherit; padding: .55rem .75rem; border: 1px solid var(--muted); border-radius: .4rem; background: var(--bg); color: var(--fg); }
.subscribe input:focus-visible { outline: 2px solid var(--primary); outline-offset: 1px; }
.subscribe input[aria-invalid="true"] { border-color: var(--danger); }
.subscribe button { flex: 0 0 auto; }
.subscribe .consent { font-size: .8125rem; color: var(--muted); margin: .75rem 0 0; }
.subscribe .error { color: var(--danger); font-size: .9375rem; font-weight: 600; margin: 0 0 .5rem; }
.nowrap { white-space: nowrap; }
.subscribe .sent { font-weight: 600; margin: .75rem 0 0; padding: .5rem .75rem; border-left: 3px solid var(--primary); }
.article img { max-width: 100%; height: auto; }
.article pre { overflow-x: auto; }
.source { margin: 0 0 1.5rem; }
`;

/** The HTML page around a public category or a shared link: the branded page's look, no script. */
function Page({ head, title, children }: { head: ReactNode; title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{title}</title>
        {head}
        <style dangerouslySetInnerHTML={{ __html: brandedCss + listCss }} />
      </head>
      <body>
        <header>
          <a className="brand" href="/">
            Stash
          </a>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}

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

/** /@<handle>/<slug>: the category's links, newest first, with Open Graph tags and its feeds in the head. */
export function renderCategoryPage({ category, links, page, hasMore, pageUrl, subscribe }: CategoryPageInput): string {
  const curator = category.ownerName ? `${category.ownerName} (@${category.handle})` : `@${category.handle}`;
  const description = category.description ?? `Links about ${category.name}, collected by ${curator} with Stash.`;
  const title = `${category.name} · ${curator}`;
  const head = (
    <>
      <meta name="description" content={description} />
      <meta name="robots" content={category.allowIndexing ? 'index, follow' : 'noindex'} />
      <link rel="canonical" href={page > 1 ? `${pageUrl}?page=${page}` : pageUrl} />
      <link rel="alternate" type="application/atom+xml" title={`${category.name} (Atom)`} href={`${pageUrl}/feed.xml`} />
      <link rel="alternate" type="application/rss+xml" title={`${category.name} (RSS)`} href={`${pageUrl}/feed.rss`} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Stash" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={pageUrl} />
      <meta name="twitter:card" content="summary" />
    </>
  );
  return `<!doctype html>${renderToStaticMarkup(
    <Page head={head} title={title}>
      <div className="intro">
        <h1>{category.name}</h1>
        <p className="curator">Collected by {curator}</p>
        {category.description && <p>{category.description}</p>}
      </div>
      <SubscribeForm category={category} action={`${new URL(pageUrl).pathname}/subscribe#subscribe`} state={subscribe} />
      {links.length === 0 ? (
        <p className="muted">{page > 1 ? 'No more links.' : 'No links here yet.'}</p>
      ) : (
        <ol className="links">
          {links.map((link) => (
            <LinkItem key={link.id} link={link} />
          ))}
        </ol>
      )}
      <nav className="pages" aria-label="Pages">
        {page > 1 ? <a href={page === 2 ? pageUrl : `${pageUrl}?page=${page - 1}`}>← Newer links</a> : <span />}
        {hasMore ? <a href={`${pageUrl}?page=${page + 1}`}>Older links →</a> : <span />}
      </nav>
      <p className="feeds">
        Follow in a feed reader: <a href={`${pageUrl}/feed.xml`}>Atom</a> · <a href={`${pageUrl}/feed.rss`}>RSS</a>
      </p>
    </Page>,
  )}`;
}

/** "Get these links by e-mail": a plain form that works without script (the page has none). */
function SubscribeForm({ category, action, state }: { category: PublicCategory; action: string; state: SubscribeFormState }) {
  const error =
    state.status === 'invalid' ? sharingMessages.subscribeBadAddress : state.status === 'limited' ? sharingMessages.subscribeTooMany : null;
  return (
    <section className="subscribe" id="subscribe" aria-labelledby="subscribe-title">
      <h2 id="subscribe-title">
        Get these links by <span className="nowrap">e-mail</span>
      </h2>
      <p className="meta">
        Weekly, on {weeklyDigestLabel(category.subscriberDigestDay, category.subscriberDigestHour, category.timezone)}, in weeks with new
        links.
      </p>
      {state.status === 'sent' ? (
        <p className="sent" role="status">
          {sharingMessages.subscribeCheckInbox}
        </p>
      ) : (
        <form method="post" action={action} noValidate>
          <label htmlFor="subscribe-email">Your e-mail address</label>
          {error && (
            <p className="error" id="subscribe-error" role="alert">
              {error}
            </p>
          )}
          <div className="row">
            <input
              id="subscribe-email"
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              required
              maxLength={254}
              defaultValue={'email' in state ? state.email : undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'subscribe-error subscribe-consent' : 'subscribe-consent'}
            />
            <button type="submit">Subscribe</button>
          </div>
          <p className="consent" id="subscribe-consent">
            {keepEmailTogether(sharingMessages.subscribeConsent)}
          </p>
        </form>
      )}
    </section>
  );
}

/** "e-mail" with a non-breaking hyphen: a narrow screen would otherwise break the word at it. */
const keepEmailTogether = (text: string) => text.replaceAll('e-mail', 'e\u2011mail');

function LinkItem({ link }: { link: PublicLink }) {
  const site = link.siteName ?? hostOf(link.url);
  const meta = [site, link.readingMinutes ? `${link.readingMinutes} min read` : null, `Saved ${dateFormat.format(link.createdAt)}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <li>
      <h2>
        <a href={link.url} rel="ugc nofollow">
          {link.title || link.url}
        </a>
      </h2>
      <p className="meta">{meta}</p>
      {link.excerpt && <p className="excerpt">{link.excerpt}</p>}
      {link.notes && <p className="note">{link.notes}</p>}
    </li>
  );
}

export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).hostname.replace(/^www\./, '') : url;
}

export interface SharedLinkPageInput {
  url: string;
  title: string;
  siteName: string | null;
  byline: string | null;
  readingMinutes: number | null;
  html: string;
  pageUrl: string;
}

/** /s/<token>: the readable copy and where it came from; nothing of the person who shared it. */
export function renderSharedLinkPage(input: SharedLinkPageInput): string {
  const site = input.siteName ?? hostOf(input.url);
  const head = (
    <>
      <meta name="robots" content="noindex" />
      <meta property="og:type" content="article" />
      <meta property="og:site_name" content="Stash" />
      <meta property="og:title" content={input.title} />
      <meta property="og:url" content={input.pageUrl} />
    </>
  );
  const meta = [site, input.byline, input.readingMinutes ? `${input.readingMinutes} min read` : null].filter(Boolean).join(' · ');
  return `<!doctype html>${renderToStaticMarkup(
    <Page head={head} title={`${input.title} · Stash`}>
      <h1>{input.title}</h1>
      <p className="meta">{meta}</p>
      <p className="source">
        Original:{' '}
        <a href={input.url} rel="ugc nofollow">
          {input.url}
        </a>
      </p>
      <article className="article" dangerouslySetInnerHTML={{ __html: input.html }} />
    </Page>,
  )}`;
}

/** The 404 of a public address: the same for a page that never was, was unpublished or revoked. */
export function renderGonePage(): string {
  return `<!doctype html>${renderToStaticMarkup(
    <Page head={<meta name="robots" content="noindex" />} title="Not found · Stash">
      <h1>This page is not here</h1>
      <p>It may have been unpublished, or the address is not quite right.</p>
      <p>
        <a href="/">Go to Stash</a>
      </p>
    </Page>,
  )}`;
}
