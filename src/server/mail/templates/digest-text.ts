import {
  actionLabels,
  digestPreheader,
  digestReason,
  highlightTexts,
  readingTime,
  type DigestHighlight,
  type DigestItem,
  type DigestProps,
} from './digest-model';

/** The plain-text part of a digest: the same sections as the HTML, every link with its address. */
export function digestText(props: DigestProps): string {
  const lines = [digestPreheader(props), '', `YOUR DIGEST · ${props.dateLabel}`, props.summary];
  if (props.recap) lines.push(props.recap);
  if (props.startWith) lines.push('', '== Start with this one ==', ...itemLines(props.startWith));
  for (const group of props.groups) {
    lines.push('', `== ${group.category} ==`);
    for (const item of group.items) lines.push(...itemLines(item));
  }
  if (props.moreCount > 0) lines.push('', `and ${props.moreCount} more in My Stash: ${props.myStashUrl}`);
  if (props.fromStash.length > 0 || props.highlight) {
    lines.push('', '== From your stash ==');
    if (props.highlight) lines.push(...highlightLines(props.highlight));
    for (const item of props.fromStash) lines.push(...itemLines(item));
  }
  lines.push(
    '',
    `Open My Stash: ${props.myStashUrl}`,
    '',
    '--',
    digestReason,
    `View in your browser: ${props.webViewUrl}`,
    `Change when digests arrive: ${props.settingsUrl}`,
    `Unsubscribe: ${props.unsubscribeUrl}`,
  );
  return lines.join('\n');
}

function highlightLines(highlight: DigestHighlight): string[] {
  const lines = ['', `${highlightTexts.heading}:`, ...highlight.text.split('\n').map((line) => `> ${line}`)];
  if (highlight.note) lines.push(`Your note: ${highlight.note}`);
  lines.push(
    `${highlight.title} · ${highlight.site}`,
    `${highlightTexts.read}: ${highlight.readerHref}`,
    `${highlightTexts.hide}: ${highlight.hideHref}`,
  );
  return lines;
}

export function itemLines(item: DigestItem): string[] {
  const lines = [
    '',
    item.title,
    item.href,
    [item.site, readingTime(item.readingMinutes), item.categories.join(', '), item.saved].filter(Boolean).join(' · '),
  ];
  if (item.excerpt) lines.push(item.excerpt);
  if (item.notes) lines.push(`Your notes: ${item.notes}`);
  if (item.readerHref) lines.push(`Read in Stash: ${item.readerHref}`);
  if (item.actions)
    lines.push(
      `${actionLabels.markRead}: ${item.actions.markRead}`,
      `${actionLabels.snooze}: ${item.actions.snooze}`,
      `${actionLabels.stopIncluding}: ${item.actions.stopIncluding}`,
    );
  return lines;
}
