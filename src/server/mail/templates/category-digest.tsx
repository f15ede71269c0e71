import { breakable, digestSummary, type DigestItem } from './digest-model';
import { itemLines } from './digest-text';
import { DigestEntry, meta, sectionTitle } from './digest';
import type { EmailTemplate } from './email-template';
import { EmailFrame, heading, link, primaryButton, row } from './frame';

/**
 * A published category's weekly digest to its subscribers (docs/sharing.md): the personal digest's
 * entries and frame, without what needs an account (one-tap actions, "Read in Stash", My Stash):
 * each link opens the original, and the footer names the curator.
 */
export interface CategoryDigestProps {
  appUrl: string;
  categoryName: string;
  /** "Ada Lovelace (@ada)", or "@ada" without a name. */
  curator: string;
  /** The category's public page. */
  pageUrl: string;
  /** The digest's date in the curator's zone ("Friday, March 13"). */
  dateLabel: string;
  /** The new links, newest first. */
  items: DigestItem[];
  /** New links left out to keep the message unclipped; they are on the page. */
  moreCount: number;
  unsubscribeUrl: string;
}

const summaryOf = (props: CategoryDigestProps) =>
  digestSummary(
    props.items.length + props.moreCount,
    0,
    props.items.reduce((sum, item) => sum + (item.readingMinutes ?? 0), 0),
  );
const reasonOf = (props: CategoryDigestProps) =>
  `You get this e-mail because you subscribed to “${props.categoryName}”, links collected by ${props.curator} with Stash.`;
const subjectOf = (props: CategoryDigestProps) => `${props.categoryName} · new links from ${props.curator} · ${props.dateLabel}`;

function CategoryDigest(props: CategoryDigestProps) {
  return (
    <EmailFrame
      title={subjectOf(props)}
      preheader={breakable(`${summaryOf(props)}: ${props.items[0]?.title ?? ''}`)}
      appUrl={props.appUrl}
      reason={reasonOf(props)}
      footerLinks={[
        { label: `${props.categoryName} on Stash`, href: props.pageUrl },
        { label: 'Unsubscribe', href: props.unsubscribeUrl },
      ]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>{breakable(props.categoryName)}</h1>
          <p style={meta}>
            {props.dateLabel} · {summaryOf(props)}
          </p>
          <p style={meta}>Collected by {props.curator}</p>
        </td>
      </tr>
      <tr>
        <td style={row}>
          <h2 style={sectionTitle}>New this week</h2>
          {props.items.map((item) => (
            <DigestEntry key={item.href} item={item} />
          ))}
          {props.moreCount > 0 ? (
            <p style={meta}>
              <a href={props.pageUrl} style={link}>
                and {props.moreCount} more on the page
              </a>
            </p>
          ) : null}
        </td>
      </tr>
      <tr>
        <td style={{ ...row, padding: '16px 24px 24px' }}>
          <a href={props.pageUrl} style={primaryButton}>
            See every link
          </a>
        </td>
      </tr>
    </EmailFrame>
  );
}

export const categoryDigest: EmailTemplate<CategoryDigestProps> = {
  component: CategoryDigest,
  subject: subjectOf,
  text: (props) =>
    [
      `${summaryOf(props)}: ${props.items[0]?.title ?? ''}`,
      '',
      `${props.categoryName.toUpperCase()} · ${props.dateLabel}`,
      `Collected by ${props.curator}`,
      '',
      '== New this week ==',
      ...props.items.flatMap(itemLines),
      ...(props.moreCount > 0 ? ['', `and ${props.moreCount} more on the page: ${props.pageUrl}`] : []),
      '',
      `See every link: ${props.pageUrl}`,
      '',
      '--',
      reasonOf(props),
      `Unsubscribe: ${props.unsubscribeUrl}`,
    ].join('\n'),
  previewProps: {
    appUrl: 'http://localhost:3000',
    categoryName: 'Rust & Go',
    curator: 'Ada Lovelace (@ada)',
    pageUrl: 'http://localhost:3000/@ada/rust-go',
    dateLabel: 'Friday, March 13',
    items: [1, 2].map((n) => ({
      title: `A link worth reading, number ${n}`,
      href: `https://news.example/article-${n}`,
      readerHref: null,
      site: 'news.example',
      excerpt: 'The first lines of the page, so you know what it is about before you open it.',
      readingMinutes: 4 + n,
      notes: null,
      categories: [],
      saved: 'Saved Wed, Mar 11',
      actions: null,
    })),
    moreCount: 0,
    unsubscribeUrl: 'http://localhost:3000/subscriptions/unsubscribe/preview',
  },
};
