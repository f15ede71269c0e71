import { brandedPage } from '../http/branded-page';

/*
 * The pages behind a digest's unsubscribe link. The GET page only asks: link scanners and
 * previews fetch every link in a message, and a GET that unsubscribed would let them do it.
 */

/** The question, with a button that POSTs what a mail client's one-click unsubscribe sends. */
export function confirmPage(action: string): string {
  return brandedPage(
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
  return brandedPage(
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
  return brandedPage(
    'Link not valid',
    <>
      <h1>This link is not valid</h1>
      <p>
        It may have expired (a digest's links work for 60 days, its unsubscribe link for 90), been copied incompletely, or the link it names
        was deleted. You can turn digests off in Settings → Newsletter.
      </p>
    </>,
  );
}
