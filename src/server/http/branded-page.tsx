import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { brand } from '../../shared/brand';

/**
 * A page the server renders on its own (the pages behind a digest's links, the dev mailbox, the
 * extension's connected page): the web app's colours and type, light and dark, readable from 320 px, no script.
 * React escapes every value put in it; the style sheet is a constant.
 */
export function brandedPage(title: string, body: ReactNode, options: { wide?: boolean } = {}): string {
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · Stash`}</title>
        <style dangerouslySetInnerHTML={{ __html: brandedCss }} />
      </head>
      <body>
        <header>
          <a className="brand" href="/">
            Stash
          </a>
        </header>
        <main className={options.wide ? 'wide' : undefined}>{body}</main>
      </body>
    </html>,
  );
  return `<!doctype html>${html}`;
}

export const brandedCss = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: ${brand.text}; --muted: ${brand.muted}; --primary: ${brand.primary}; --primary-hover: ${brand.primaryHover}; --on-primary: #ffffff; --border: ${brand.border}; }
@media (prefers-color-scheme: dark) { :root { --bg: #0b1120; --fg: #f1f5f9; --muted: #a3b1c6; --primary: ${brand.primaryOnDark}; --primary-hover: #86efac; --on-primary: #052e16; --border: #1e293b; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.6 ${brand.fonts}; overflow-wrap: anywhere; }
header { padding: 1rem 1.25rem; border-bottom: 1px solid var(--border); }
.brand { color: var(--primary); font-weight: 700; font-size: 1.25rem; text-decoration: none; }
main { max-width: 34rem; margin: 0 auto; padding: 2.5rem 1.25rem; }
main.wide { max-width: 72rem; }
h1 { font-size: 1.5rem; line-height: 1.3; margin: 0 0 .75rem; }
p, form { margin: 0 0 1rem; }
blockquote { margin: 0 0 1rem; padding-left: 1rem; border-left: 3px solid var(--border); }
.muted { color: var(--muted); }
a { color: var(--primary); }
button, .button { display: inline-block; font: inherit; font-weight: 600; padding: .6rem 1.2rem; border: 0; border-radius: .4rem; background: var(--primary); color: var(--on-primary); cursor: pointer; text-decoration: none; }
button:hover, .button:hover { background: var(--primary-hover); }
button:focus-visible, a:focus-visible { outline: 2px solid var(--primary); outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid var(--border); vertical-align: top; }
iframe { width: 100%; height: 600px; border: 1px solid var(--border); border-radius: .4rem; background: #ffffff; }
pre { white-space: pre-wrap; padding: 1rem; border: 1px solid var(--border); border-radius: .4rem; }
`;
