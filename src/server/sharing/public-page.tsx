import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { brandedCss } from '../http/branded-page';

/** The public pages' style sheet: the branded pages' and the lists' (public-page-html.ts writes it too). */
export const publicPageCss = `${brandedCss}
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
        <style dangerouslySetInnerHTML={{ __html: publicPageCss }} />
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
