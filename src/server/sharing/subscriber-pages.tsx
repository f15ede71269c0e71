import { brandedPage } from '../http/branded-page';
import type { SubscriberTarget } from './subscribers';

/*
 * The pages behind a subscriber's links (docs/sharing.md). A GET only asks, with a button that
 * POSTs: mail scanners fetch every link of a message, and must neither confirm nor unsubscribe.
 */

export function confirmSubscriptionPage(target: SubscriberTarget, action: string): string {
  return brandedPage(
    'Confirm your subscription',
    <>
      <h1>Confirm your subscription</h1>
      <p>
        Get “{target.categoryName}”, links collected by {target.curator}, by e-mail on {target.when}, in weeks with new links.
      </p>
      <form method="post" action={action}>
        <button type="submit">Confirm subscription</button>
      </form>
    </>,
  );
}

export function subscribedPage(target: SubscriberTarget): string {
  return brandedPage(
    'Subscribed',
    <>
      <h1>You are subscribed</h1>
      <p>
        The new links of “{target.categoryName}” come by e-mail on {target.when}, in weeks with new links. Every e-mail has an unsubscribe
        link.
      </p>
      <p>
        <a href={target.pageUrl}>Back to {target.categoryName}</a>
      </p>
    </>,
  );
}

/** Confirming a subscription that was cancelled since (its unsubscribe link, a bounce): it stays cancelled. */
export function cancelledPage(target: SubscriberTarget): string {
  return brandedPage(
    'Subscription cancelled',
    <>
      <h1>This subscription was cancelled</h1>
      <p>
        To get “{target.categoryName}” by e-mail again, subscribe on <a href={target.pageUrl}>its page</a>.
      </p>
    </>,
  );
}

export function unsubscribeQuestionPage(target: SubscriberTarget, action: string): string {
  return brandedPage(
    'Unsubscribe',
    <>
      <h1>Unsubscribe from “{target.categoryName}”?</h1>
      <p>You will get no more e-mails of the links {target.curator} collects here.</p>
      <form method="post" action={action}>
        <input type="hidden" name="List-Unsubscribe" value="One-Click" />
        <button type="submit">Unsubscribe</button>
      </form>
    </>,
  );
}

export function unsubscribedPage(target: SubscriberTarget): string {
  return brandedPage(
    'Unsubscribed',
    <>
      <h1>You are unsubscribed</h1>
      <p>No more e-mails of “{target.categoryName}” will be sent to you.</p>
      <p>
        The links are still on <a href={target.pageUrl}>its page</a>.
      </p>
    </>,
  );
}

export function invalidSubscriberLinkPage(): string {
  return brandedPage(
    'Link not valid',
    <>
      <h1>This link is not valid</h1>
      <p>
        It may have expired (a confirmation link works for 7 days: subscribe again on the page for a new one) or been copied incompletely.
      </p>
    </>,
  );
}
