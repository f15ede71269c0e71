import { Link as RouterLink } from 'wouter';
import { highlightMessages, type HighlightWithLink } from '@shared/highlight-schemas';
import { formatDayInZone, formatTimeInZone } from '@web/lib/zoned-time';

/** The passage's place in the reader: the reader scrolls to it and flashes it. */
export const highlightHref = (highlight: Pick<HighlightWithLink, 'id' | 'linkId'>) =>
  `/read/${encodeURIComponent(highlight.linkId)}#highlight-${highlight.id}`;

/** Highlights newest first: the passage in its colour, its note, and its link. */
export function HighlightsList({ highlights, timezone }: { highlights: HighlightWithLink[]; timezone: string }) {
  return (
    <ul className="grid gap-4">
      {highlights.map((highlight) => {
        const title = highlight.link.title || highlight.link.url;
        return (
          <li key={highlight.id} className="grid gap-2 rounded-lg border border-border p-4">
            <blockquote
              className="border-l-4 pl-3 whitespace-pre-line [overflow-wrap:anywhere]"
              style={{ borderColor: `var(--highlight-${highlight.color})` }}
            >
              {highlight.exact}
            </blockquote>
            {highlight.note && <p className="text-sm whitespace-pre-line [overflow-wrap:anywhere]">{highlight.note}</p>}
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <RouterLink href={highlightHref(highlight)} className="font-medium text-foreground underline [overflow-wrap:anywhere]">
                {title}
              </RouterLink>
              {highlight.link.siteName && <span className="[overflow-wrap:anywhere]">{highlight.link.siteName}</span>}
              <time
                dateTime={highlight.createdAt}
              >{`${formatDayInZone(highlight.createdAt, timezone)}, ${formatTimeInZone(highlight.createdAt, timezone)}`}</time>
              {!highlight.anchored && <span>{highlightMessages.notFoundInCopy}</span>}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
