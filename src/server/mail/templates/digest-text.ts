import { digestPreheader, digestReason, linkCountOf, type DigestProps } from './digest-model';

/** The plain-text part of a digest: every link of it with its address, notes and details. */
export function digestText(props: DigestProps): string {
  const total = linkCountOf(props) + props.moreCount;
  const lines = [
    digestPreheader(props),
    '',
    `${props.kind === 'new' ? 'YOUR DIGEST' : 'FROM YOUR STASH'} · ${props.dateLabel}`,
    props.kind === 'new'
      ? `${total} new ${total === 1 ? 'link' : 'links'} since your last digest.`
      : 'Nothing new since your last digest, so here are links you saved and have not read yet.',
  ];
  for (const group of props.groups) {
    lines.push('', `== ${group.category} ==`);
    for (const item of group.links) {
      lines.push('', item.title, item.href, [item.host, item.categories.join(', '), `Saved ${item.savedAt}`].filter(Boolean).join(' · '));
      if (item.notes) lines.push(item.notes);
    }
  }
  if (props.moreCount > 0) lines.push('', `and ${props.moreCount} more in My Stash: ${props.myStashUrl}`);
  lines.push(
    '',
    '--',
    digestReason,
    `View in your browser: ${props.webViewUrl}`,
    `Change when digests arrive: ${props.settingsUrl}`,
    `Unsubscribe: ${props.unsubscribeUrl}`,
  );
  return lines.join('\n');
}
