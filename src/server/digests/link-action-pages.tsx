import { brandedPage } from '../http/branded-page';
import type { LinkAction } from './urls';

/*
 * The pages behind a digest's one-tap actions. As for unsubscribing, the GET page only asks and
 * only its button's POST acts: mail scanners open every link of a message.
 */

const texts: Record<LinkAction, { question: string; explain: string; button: string; done: string; result: (title: string) => string }> = {
  markRead: {
    question: 'Mark this link as read?',
    explain: 'It stays in your stash, marked read.',
    button: 'Mark read',
    done: 'Marked as read',
    result: (title) => `“${title}” is marked read in your stash.`,
  },
  snooze: {
    question: 'Snooze this link?',
    explain: 'It comes back in your next digest, under “From your stash”.',
    button: 'Snooze',
    done: 'Snoozed',
    result: (title) => `“${title}” comes back in your next digest, under “From your stash”.`,
  },
  stopIncluding: {
    question: 'Stop including this link in your digests?',
    explain: 'It stays in your stash, but no digest shows it again. You can include it again in My Stash.',
    button: 'Stop including',
    done: 'No longer in your digests',
    result: (title) => `“${title}” stays in your stash and no digest will show it again.`,
  },
};

export function linkActionConfirmPage(action: LinkAction, title: string, formAction: string): string {
  const text = texts[action];
  return brandedPage(
    text.question,
    <>
      <h1>{text.question}</h1>
      <p className="muted">{title}</p>
      <p>{text.explain}</p>
      <form method="post" action={formAction}>
        <button type="submit">{text.button}</button>
      </form>
    </>,
  );
}

/** The result, with an Undo that posts the link's state from before (`previous`, JSON) to `undo.formAction`. */
export function linkActionDonePage(
  action: LinkAction,
  title: string,
  myStashUrl: string,
  undo: { formAction: string; previous: string },
): string {
  const text = texts[action];
  return brandedPage(
    text.done,
    <>
      <h1>{text.done}</h1>
      <p>{text.result(title)}</p>
      <form method="post" action={undo.formAction}>
        <input type="hidden" name="previous" value={undo.previous} />
        <button type="submit">Undo</button>
      </form>
      <p>
        <a className="button" href={myStashUrl}>
          Open My Stash
        </a>
      </p>
    </>,
  );
}

export function linkActionUndonePage(title: string, myStashUrl: string): string {
  return brandedPage(
    'Undone',
    <>
      <h1>Undone</h1>
      <p>{`“${title}” is back as it was.`}</p>
      <p>
        <a className="button" href={myStashUrl}>
          Open My Stash
        </a>
      </p>
    </>,
  );
}

const hideTexts = {
  question: 'Don’t show this highlight again?',
  explain: 'It stays in your stash, but no digest brings it back as the highlight of the day.',
  button: 'Don’t show again',
  done: 'No longer in your digests',
  result: (quote: string) => `“${quote}” stays with its link, and no digest will bring it back.`,
} as const;

/** "Don't show this again" under a highlight of the day: the page asks, its button acts. */
export function hideHighlightConfirmPage(quote: string, formAction: string): string {
  return brandedPage(
    hideTexts.question,
    <>
      <h1>{hideTexts.question}</h1>
      <blockquote className="muted">{quote}</blockquote>
      <p>{hideTexts.explain}</p>
      <form method="post" action={formAction}>
        <button type="submit">{hideTexts.button}</button>
      </form>
    </>,
  );
}

export function hideHighlightDonePage(quote: string, highlightsUrl: string, undoAction: string): string {
  return brandedPage(
    hideTexts.done,
    <>
      <h1>{hideTexts.done}</h1>
      <p>{hideTexts.result(quote)}</p>
      <form method="post" action={undoAction}>
        <button type="submit">Undo</button>
      </form>
      <p>
        <a className="button" href={highlightsUrl}>
          Open your highlights
        </a>
      </p>
    </>,
  );
}

export function hideHighlightUndonePage(quote: string, highlightsUrl: string): string {
  return brandedPage(
    'Undone',
    <>
      <h1>Undone</h1>
      <p>{`“${quote}” may come back as the highlight of the day.`}</p>
      <p>
        <a className="button" href={highlightsUrl}>
          Open your highlights
        </a>
      </p>
    </>,
  );
}
