import type { CSSProperties } from 'react';
import { breakable, digestPreheader, digestReason, digestSubject, linkCountOf, type DigestLink, type DigestProps } from './digest-model';
import { digestText } from './digest-text';
import type { EmailTemplate } from './email-template';
import { colors, EmailFrame, heading, link, row } from './frame';

/** The personal digest (PRODUCT.md point 6). */
export function Digest(props: DigestProps) {
  const { kind, dateLabel, groups, moreCount } = props;
  const total = linkCountOf(props) + moreCount;
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
          <h1 style={heading}>{kind === 'new' ? 'Your digest' : 'From your stash'}</h1>
          <p style={meta}>
            {dateLabel} ·{' '}
            {kind === 'new'
              ? `${total} new ${total === 1 ? 'link' : 'links'} since your last digest`
              : 'Nothing new since your last digest, so here are links you saved and have not read yet'}
          </p>
        </td>
      </tr>
      {groups.map((group) => (
        <tr key={group.category}>
          <td style={row}>
            <h2 style={category}>{group.category}</h2>
            {group.links.map((item) => (
              <div key={item.href} style={entry}>
                <p style={title}>
                  <a href={item.href} style={link}>
                    {breakable(item.title)}
                  </a>
                </p>
                <p style={meta}>{[item.host, item.categories.join(', '), `Saved ${item.savedAt}`].filter(Boolean).join(' · ')}</p>
                {item.notes ? <p style={notes}>{withLineBreaks(item.notes).map((part) => (typeof part === 'string' ? breakable(part) : part))}</p> : null}
              </div>
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
    </EmailFrame>
  );
}

function withLineBreaks(text: string) {
  return text.split('\n').flatMap((line, i) => (i === 0 ? [line] : [<br key={i} />, line]));
}

const category: CSSProperties = { margin: '16px 0 8px', fontSize: '13px', lineHeight: '20px', fontWeight: 700, letterSpacing: '0.05em', textTransform: 'uppercase', color: colors.muted };
const entry: CSSProperties = { padding: '0 0 16px' };
const title: CSSProperties = { margin: '0 0 4px', fontSize: '17px', lineHeight: '24px', fontWeight: 600 };
const meta: CSSProperties = { margin: '0 0 4px', fontSize: '13px', lineHeight: '20px', color: colors.muted };
const notes: CSSProperties = { margin: '4px 0 0', fontSize: '15px', lineHeight: '22px', color: colors.text };

const sampleLink = (n: number, category: string): DigestLink => ({
  title: `A link worth reading, number ${n}`,
  href: `http://localhost:3000/api/digest/open/preview-${n}`,
  host: 'example.com',
  notes: n % 2 ? 'Why I saved it: a note of a line or two.' : null,
  categories: [category],
  savedAt: 'Mon, Mar 9, 2:15 PM',
});

export const digest: EmailTemplate<DigestProps> = {
  component: Digest,
  subject: digestSubject,
  text: digestText,
  previewProps: {
    appUrl: 'http://localhost:3000',
    kind: 'new',
    dateLabel: 'Tuesday, March 10',
    groups: [
      { category: 'Article', links: [sampleLink(1, 'Article'), sampleLink(2, 'Article')] },
      { category: 'Video', links: [sampleLink(3, 'Video')] },
    ],
    moreCount: 0,
    myStashUrl: 'http://localhost:3000/history',
    webViewUrl: 'http://localhost:3000/digest/preview',
    settingsUrl: 'http://localhost:3000/settings?tab=newsletter',
    unsubscribeUrl: 'http://localhost:3000/unsubscribe/preview',
  },
};
