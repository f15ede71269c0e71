import { renderToStaticMarkup } from 'react-dom/server';
import type { ConnectedPageStatus } from '../../shared/extension-pairing';
import { paths } from '../../shared/routes';

const texts: Record<ConnectedPageStatus, { heading: string; lines: string[] }> = {
  connecting: {
    heading: 'Connecting your browser extension…',
    lines: [
      'The Stash extension is picking up its access to your account. This page changes once it is done.',
      'If it stays like this, make sure the Stash extension is installed in this browser and set to this server in its options, then press Connect in the extension again.',
    ],
  },
  connected: {
    heading: 'Your browser extension is connected',
    lines: [
      'Save any page with the Stash button in your toolbar, its keyboard shortcut, or "Save link to Stash" when you right-click.',
      'This browser is listed in Settings → Security, where you can disconnect it at any time.',
    ],
  },
  failed: {
    heading: 'The extension could not connect',
    lines: ['Open the Stash extension and press Connect again. The extension shows what went wrong.'],
  },
};

/**
 * The page the extension's sign-in tab ends on. It runs no script: the extension reads the code
 * from this page's URL and moves the tab to ?status=connected (or failed) when it is done.
 */
export function connectedPage(status: ConnectedPageStatus): string {
  const { heading, lines } = texts[status];
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{`${heading} · Stash`}</title>
        {/* A constant, no user data in it. */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main>
          <h1>{heading}</h1>
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            <a href={paths.dashboard}>Go to your Stashboard</a>
          </p>
        </main>
      </body>
    </html>,
  );
  return `<!doctype html>${html}`;
}

const css = `
body { font: 16px/1.6 system-ui, sans-serif; margin: 0; padding: 4rem 1rem; }
main { max-width: 36rem; margin: 0 auto; }
h1 { font-size: 1.6rem; line-height: 1.3; }
a { color: #15803d; font-weight: 600; }
@media (prefers-color-scheme: dark) { body { background: #09090b; color: #fafafa; } a { color: #4ade80; } }
`;
