import { renderToStaticMarkup } from 'react-dom/server';
import { paths } from '../../shared/routes';
import { signInProviderMessages } from '../../shared/sign-in-providers';

/**
 * What a callback without its own sign-in in progress shows (a wrong, expired or replayed state):
 * a plain page, no script, nothing signed in.
 */
export function stateErrorPage(): string {
  return callbackProblemPage('Sign-in link not valid', [
    `${signInProviderMessages.invalidState} Nobody was signed in.`,
    'Start again from the sign-in page; it takes a few seconds.',
  ]);
}

/** What a callback over the attempt limits shows (answered 429 with Retry-After). */
export function tooManyAttemptsPage(): string {
  return callbackProblemPage('Too many sign-in attempts', [`${signInProviderMessages.tooManyAttempts} Nobody was signed in.`]);
}

function callbackProblemPage(title: string, lines: string[]): string {
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{`${title} · Stash`}</title>
        {/* A constant, no user data in it. */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main>
          <h1>This sign-in could not be completed</h1>
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            <a href={`${paths.auth}?mode=login`}>Back to sign in</a>
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
