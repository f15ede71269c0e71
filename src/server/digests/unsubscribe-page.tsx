import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/*
 * The pages behind a digest's unsubscribe link. The GET page only asks: link scanners and
 * previews fetch every link in a message, and a GET that unsubscribed would let them do it.
 */

/** The question, with a button that POSTs what a mail client's one-click unsubscribe sends. */
export function confirmPage(action: string): string {
  return page(
    'Unsubscribe from Stash digests',
    <>
      <h1>Unsubscribe from your Stash digests?</h1>
      <p>You will get no more digests by e-mail. Your links stay in your stash, and you can turn digests back on in Settings.</p>
      <form method="post" action={action}>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit">Unsubscribe</button>
      </form>
    </>,
  );
}

export function donePage(settingsUrl: string): string {
  return page(
    'Unsubscribed',
    <>
      <h1>You are unsubscribed</h1>
      <p>No more digests will be sent to you.</p>
      <p>
        Changed your mind? Choose when digests arrive in <a href={settingsUrl}>Settings</a>.
      </p>
    </>,
  );
}

export function invalidLinkPage(): string {
  return page(
    'Link not valid',
    <>
      <h1>This link is not valid</h1>
      <p>It may have been copied incompletely. You can turn digests off in Settings → Newsletter.</p>
    </>,
  );
}

function page(title: string, body: ReactNode): string {
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} · Stash`}</title>
        {/* A constant, no user data in it. */}
        <style dangerouslySetInnerHTML={{ __html: css }} />
      </head>
      <body>
        <main>{body}</main>
      </body>
    </html>,
  );
  return `<!doctype html>${html}`;
}

const css = `
:root { color-scheme: light dark; }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 3rem 1rem; background: Canvas; color: CanvasText; }
main { max-width: 32rem; margin: 0 auto; }
h1 { font-size: 1.5rem; line-height: 1.3; }
button { font: inherit; padding: .6rem 1.2rem; border: 0; border-radius: .4rem; background: #3730a3; color: #fff; cursor: pointer; }
a { color: LinkText; }
`;
