import type { CurrentUser } from '@shared/auth-schemas';
import type { HistoryLink } from '@shared/links-schemas';
import { dayGroupHeading, groupLinksByDay } from './group-links';
import { LinkListSkeleton } from './link-list-skeleton';
import { LinkRow } from './link-row';

interface EmptyState {
  title: string;
  text?: string;
}

const noLinksYet: EmptyState = {
  title: 'No links saved yet',
  text: 'Save your first link to get started.',
};

interface LinkListProps {
  user: CurrentUser;
  /** undefined while loading. */
  links: HistoryLink[] | undefined;
  isError: boolean;
  empty?: EmptyState;
  /** 'byDay': under a heading per day; 'latest': one 'Last Stashed' list, each row with its day. */
  layout?: 'byDay' | 'latest';
  /** The level of the list's own headings, under the page's sections. */
  headingLevel?: 2 | 3;
}

/** The link list of Stashboard and My Stash (docs/product/links.md, The link list). */
export function LinkList({ user, links, isError, empty = noLinksYet, layout = 'byDay', headingLevel = 2 }: LinkListProps) {
  const Heading = `h${headingLevel}` as const;
  // Links already loaded (kept for offline use, or before a refresh failed) are shown rather than the error.
  if (isError && !links)
    return <p className="text-sm text-muted-foreground">Your links could not be loaded. Reload the page to try again.</p>;
  if (!links) return <LinkListSkeleton />;
  if (links.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border p-8 text-center">
        <p className="font-medium">{empty.title}</p>
        {empty.text && <p className="mt-1 text-sm text-muted-foreground">{empty.text}</p>}
      </div>
    );
  }

  const groups =
    layout === 'byDay'
      ? groupLinksByDay(links).map((group) => ({
          heading: dayGroupHeading(group),
          links: group.links,
        }))
      : [{ heading: 'Last Stashed', links }];
  return (
    <div className="grid gap-6">
      {groups.map((group) => (
        <section key={group.heading} aria-label={group.heading} className="grid gap-2">
          <Heading className="text-lg font-semibold">{group.heading}</Heading>
          <ul className="divide-y divide-border rounded-lg border border-border">
            {group.links.map((link) => (
              <LinkRow key={link.id} link={link} user={user} showDay={layout === 'latest'} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
