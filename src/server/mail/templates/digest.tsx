import type { CSSProperties } from 'react';
import {
  actionLabels,
  breakable,
  digestPreheader,
  digestReason,
  digestSubject,
  highlightTexts,
  readingTime,
  type DigestHighlight,
  type DigestItem,
  type DigestProps,
} from './digest-model';
import { digestText } from './digest-text';
import type { EmailTemplate } from './email-template';
import { colors, EmailFrame, heading, link, primaryButton, row } from './frame';

/** The personal digest (docs/product/digests.md, What a digest holds): what to read first, the new links, and older ones. */
function Digest(props: DigestProps) {
  const { dateLabel, startWith, groups, moreCount, fromStash } = props;
  return (
    <EmailFrame
      title={digestSubject(props)}
      preheader={breakable(digestPreheader(props))}
      webViewUrl={props.webViewUrl}
      appUrl={props.appUrl}
      reason={digestReason}
      footerLinks={[
        { label: 'Change when digests arrive', href: props.settingsUrl },
        { label: 'Unsubscribe', href: props.unsubscribeUrl },
      ]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>Your digest</h1>
          <p style={meta}>
            {dateLabel} · {props.summary}
          </p>
          {props.recap ? <p style={recap}>{props.recap}</p> : null}
        </td>
      </tr>
      {startWith ? (
        <tr>
          <td style={row}>
            <h2 style={sectionTitle}>Start with this one</h2>
            <DigestEntry item={startWith} lead />
          </td>
        </tr>
      ) : null}
      {groups.map((group) => (
        <tr key={group.category}>
          <td style={row}>
            <h2 style={sectionTitle}>{group.category}</h2>
            {group.items.map((item) => (
              <DigestEntry key={item.href} item={item} />
            ))}
          </td>
        </tr>
      ))}
      {moreCount > 0 ? (
        <tr>
          <td style={row}>
            <p style={title}>
              <a href={props.myStashUrl} style={link}>
                and {moreCount} more in My Stash
              </a>
            </p>
          </td>
        </tr>
      ) : null}
      {fromStash.length > 0 || props.highlight ? (
        <tr>
          <td style={row}>
            <h2 style={sectionTitle}>From your stash</h2>
            {props.highlight ? <Highlight highlight={props.highlight} /> : null}
            {fromStash.map((item) => (
              <DigestEntry key={item.href} item={item} />
            ))}
          </td>
        </tr>
      ) : null}
      <tr>
        <td style={{ ...row, padding: '16px 24px 24px' }}>
          <a href={props.myStashUrl} style={primaryButton}>
            Open My Stash
          </a>
        </td>
      </tr>
    </EmailFrame>
  );
}

export function DigestEntry({ item, lead = false }: { item: DigestItem; lead?: boolean }) {
  const details = [item.site, readingTime(item.readingMinutes), item.categories.join(', '), item.saved].filter(Boolean).join(' · ');
  return (
    <div style={entry}>
      <p style={lead ? leadTitle : title}>
        <a href={item.href} style={link}>
          {breakable(item.title)}
        </a>
      </p>
      <p style={meta}>{breakable(details)}</p>
      {item.excerpt ? <p style={excerpt}>{breakable(item.excerpt)}</p> : null}
      {item.notes ? <p style={notes}>{withLineBreaks(breakable(item.notes))}</p> : null}
      <p style={actions}>
        {item.readerHref ? (
          <>
            <a href={item.readerHref} style={actionLink}>
              Read in Stash
            </a>
            {' · '}
          </>
        ) : null}
        {item.actions ? (
          <>
            <a href={item.actions.markRead} style={actionLink}>
              {actionLabels.markRead}
            </a>
            {' · '}
            <a href={item.actions.snooze} style={actionLink}>
              {actionLabels.snooze}
            </a>
            {' · '}
            <a href={item.actions.stopIncluding} style={actionLink}>
              {actionLabels.stopIncluding}
            </a>
          </>
        ) : (
          <a href={item.href} style={actionLink}>
            {actionLabels.read}
          </a>
        )}
      </p>
    </div>
  );
}

function Highlight({ highlight }: { highlight: DigestHighlight }) {
  return (
    <div style={entry}>
      <p style={meta}>{highlightTexts.heading}</p>
      <blockquote style={passage}>{withLineBreaks(breakable(highlight.text))}</blockquote>
      {highlight.note ? <p style={notes}>{withLineBreaks(breakable(highlight.note))}</p> : null}
      <p style={meta}>{breakable(`${highlight.title} · ${highlight.site}`)}</p>
      <p style={actions}>
        <a href={highlight.readerHref} style={actionLink}>
          {highlightTexts.read}
        </a>
        {' · '}
        <a href={highlight.hideHref} style={actionLink}>
          {highlightTexts.hide}
        </a>
      </p>
    </div>
  );
}

function withLineBreaks(text: string) {
  return text.split('\n').flatMap((line, i) => (i === 0 ? [line] : [<br key={i} />, line]));
}

export const sectionTitle: CSSProperties = {
  margin: '16px 0 8px',
  fontSize: '13px',
  lineHeight: '20px',
  fontWeight: 700,
  letterSpacing: '0.05em',
  textTransform: 'uppercase',
  color: colors.muted,
};
const entry: CSSProperties = { padding: '0 0 20px' };
const title: CSSProperties = { margin: '0 0 4px', fontSize: '17px', lineHeight: '24px', fontWeight: 600 };
const leadTitle: CSSProperties = { ...title, fontSize: '20px', lineHeight: '28px' };
export const meta: CSSProperties = { margin: '0 0 4px', fontSize: '13px', lineHeight: '20px', color: colors.muted };
const recap: CSSProperties = { margin: '8px 0 0', fontSize: '14px', lineHeight: '20px', color: colors.text };
const excerpt: CSSProperties = { margin: '4px 0 0', fontSize: '15px', lineHeight: '22px', color: colors.text };
const notes: CSSProperties = {
  margin: '6px 0 0',
  padding: '0 0 0 10px',
  borderLeft: `3px solid ${colors.link}`,
  fontSize: '15px',
  lineHeight: '22px',
  color: colors.text,
};
// The reader's yellow highlight, on the card's white (the message has no dark variant).
const passage: CSSProperties = {
  margin: '4px 0 6px',
  padding: '8px 12px',
  backgroundColor: '#fef3c7',
  fontSize: '16px',
  lineHeight: '24px',
  color: colors.text,
};
const actions: CSSProperties = { margin: '6px 0 0', fontSize: '13px', lineHeight: '28px', color: colors.muted };
// A finger's target on a phone: at least 24 px tall, with the separators' space between them.
const actionLink: CSSProperties = {
  display: 'inline-block',
  padding: '2px 4px',
  lineHeight: '24px',
  color: colors.link,
  textDecoration: 'underline',
};

const sampleItem = (n: number, category: string): DigestItem => ({
  title: `A link worth reading, number ${n}`,
  href: `http://localhost:3000/api/digest/open/preview-${n}`,
  readerHref: n % 2 ? `http://localhost:3000/read/preview-${n}` : null,
  site: 'Example News',
  excerpt: 'The first lines of the page, so you know what it is about before you open it.',
  readingMinutes: 4 + n,
  notes: n % 2 ? 'Why I saved it: a note of a line or two.' : null,
  categories: [category],
  saved: 'Saved Mon, Mar 9',
  actions: {
    markRead: `http://localhost:3000/digest/mark-read/preview-${n}`,
    snooze: `http://localhost:3000/digest/snooze/preview-${n}`,
    stopIncluding: `http://localhost:3000/digest/stop-including/preview-${n}`,
  },
});

export const digest: EmailTemplate<DigestProps> = {
  component: Digest,
  subject: digestSubject,
  text: digestText,
  previewProps: {
    appUrl: 'http://localhost:3000',
    dateLabel: 'Tuesday, March 10',
    timeLabel: '8:00 AM',
    summary: '3 new links · 1 from your stash · about 26 minutes of reading',
    startWith: sampleItem(1, 'Article'),
    groups: [
      { category: 'Article', items: [sampleItem(2, 'Article')] },
      { category: 'Video', items: [sampleItem(3, 'Video')] },
    ],
    moreCount: 0,
    fromStash: [{ ...sampleItem(4, 'Article'), saved: 'Saved a year ago today' }],
    highlight: {
      text: 'The passage you marked while reading, brought back so it stays with you.',
      note: 'Why it mattered: a note of a line.',
      title: 'A link worth reading, number 5',
      site: 'Example News',
      readerHref: 'http://localhost:3000/read/preview-5#highlight-preview',
      hideHref: 'http://localhost:3000/digest/hide-highlight/preview',
    },
    recap: 'Last week you saved 8 links and read 5 · 23 unread in all',
    myStashUrl: 'http://localhost:3000/history',
    webViewUrl: 'http://localhost:3000/digest/preview',
    settingsUrl: 'http://localhost:3000/settings?tab=newsletter',
    unsubscribeUrl: 'http://localhost:3000/unsubscribe/preview',
  },
};
