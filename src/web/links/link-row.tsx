import { ShareLinkButton } from '@web/sharing/share-link-button';
import { BookOpen, ExternalLink } from 'lucide-react';
import { Link as RouterLink } from 'wouter';
import type { CurrentUser } from '@shared/auth-schemas';
import type { HistoryLink } from '@shared/links-schemas';
import { Badge } from '@web/components/ui/badge';
import { formatDay, formatTimeInZone } from '@web/lib/zoned-time';
import { toast } from '@web/toasts/use-toast';
import { DeleteLinkButton } from './delete-link-button';
import { EditLinkButton } from './edit-link-button';
import { faviconSrcOf, leadImageSrcOf, linkNameOf, siteNameOf } from '@shared/link-display';
import { highlightCountText } from '@shared/highlight-count';
import { isSavedToday } from './group-links';
import { NewsletterToggle } from './newsletter-toggle';
import { ReadToggle } from './read-toggle';
import { UnreadableCopyNotice } from './unreadable-copy-notice';
import { useSetRead } from './use-link-mutations';

interface LinkRowProps {
  /** A search result's `match` (escaped HTML, the matched words in <mark>) takes the excerpt's place. */
  link: HistoryLink;
  user: CurrentUser;
  /** Outside a day group the row says which day too, not only the time. */
  showDay: boolean;
}

export function LinkRow({ link, user, showDay }: LinkRowProps) {
  const name = linkNameOf(link);
  const favicon = faviconSrcOf(link);
  const leadImage = leadImageSrcOf(link);
  const time = formatTimeInZone(link.createdAt, user.timezone);
  const setRead = useSetRead();
  const read = setRead.isPending ? setRead.variables.read : link.readAt !== null;
  const markRead = (next: boolean) =>
    setRead.mutate(
      { id: link.id, read: next },
      { onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to update the link' }) },
    );
  // Opening a link (click, middle click or Enter) marks it read; the tab opens either way.
  const markOpened = () => {
    if (!read && !setRead.isPending) markRead(true);
  };
  // Below 480 px the switch and the buttons go under the text, which takes the card's whole width.
  return (
    <li className="flex flex-wrap items-start gap-x-2 gap-y-2 p-4 min-[480px]:flex-nowrap sm:gap-x-4">
      <div className="order-2 min-[480px]:order-none">
        <NewsletterToggle link={link} linkName={name} user={user} />
      </div>
      <div className="order-1 flex w-full min-w-0 flex-col gap-1 min-[480px]:order-none min-[480px]:w-auto min-[480px]:flex-1">
        <div className="flex min-w-0 items-start gap-3">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
              {favicon && (
                <img
                  src={favicon}
                  alt=""
                  width={16}
                  height={16}
                  loading="lazy"
                  className="size-4 shrink-0 rounded-sm"
                  onError={(event) => (event.currentTarget.hidden = true)}
                />
              )}
              <span className="truncate">{siteNameOf(link)}</span>
            </p>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={markOpened}
              onAuxClick={markOpened}
              className={`break-words hover:underline ${read ? 'font-normal text-muted-foreground' : 'font-semibold'}`}
            >
              {name}
              <span className="sr-only"> (opens in a new tab)</span>
              <ExternalLink aria-hidden className="ml-1 inline size-3.5 text-muted-foreground" />
            </a>
          </div>
          {leadImage && (
            <img
              src={leadImage}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-md bg-muted object-cover"
              onError={(event) => (event.currentTarget.hidden = true)}
            />
          )}
        </div>
        {(link.categories.length > 0 || isSavedToday(link, user.timezone)) && (
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            {link.categories.map((category) => (
              <Badge key={category} variant="muted" className="max-w-full [overflow-wrap:anywhere]">
                {category}
              </Badge>
            ))}
            {isSavedToday(link, user.timezone) && <Badge>Added today</Badge>}
          </div>
        )}
        {link.match ? (
          <p className="line-clamp-3 text-sm break-words text-muted-foreground">
            {link.matchInHighlights && <span className="font-medium text-foreground">In your highlights or their notes: </span>}
            <span
              className="[&_mark]:rounded-sm [&_mark]:bg-yellow-200 [&_mark]:px-0.5 [&_mark]:text-neutral-900"
              dangerouslySetInnerHTML={{ __html: link.match }}
            />
          </p>
        ) : (
          link.excerpt && <p className="line-clamp-2 text-sm break-words text-muted-foreground">{link.excerpt}</p>
        )}
        {link.notes && <p className="text-sm break-words whitespace-pre-line">{link.notes}</p>}
        <p className="flex flex-wrap items-center gap-x-3 text-xs text-muted-foreground">
          <time dateTime={link.createdAt}>{showDay ? `${formatDay(link.savedOn)}, ${time}` : time}</time>
          {link.readingMinutes !== null && <span>{link.readingMinutes} min read</span>}
          {link.highlightCount > 0 && <span>{highlightCountText(link.highlightCount)}</span>}
          {link.contentStatus === 'ready' && (
            <RouterLink href={`/read/${link.id}`} className="inline-flex items-center gap-1 font-medium text-foreground hover:underline">
              <BookOpen aria-hidden className="size-3.5" />
              Read<span className="sr-only"> {name} in Stash</span>
            </RouterLink>
          )}
          {link.contentStatus === 'ready' && <ShareLinkButton linkId={link.id} linkName={name} />}
          {link.contentStatus === 'failed' && <UnreadableCopyNotice linkId={link.id} linkName={name} />}
        </p>
      </div>
      <div className="order-3 ml-auto flex shrink-0 items-center gap-1 min-[480px]:order-none min-[480px]:ml-0">
        <ReadToggle linkName={name} read={read} pending={setRead.isPending} onToggle={() => markRead(!read)} />
        <EditLinkButton link={link} linkName={name} user={user} />
        <DeleteLinkButton link={link} linkName={name} />
      </div>
    </li>
  );
}
