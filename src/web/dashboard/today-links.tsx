import type { CurrentUser } from '@shared/auth-schemas';
import { LinkList } from '@web/links/link-list';
import { useTodayLinks } from '@web/links/link-queries';

export function TodayLinks({ user }: { user: CurrentUser }) {
  const today = useTodayLinks();
  return (
    <section aria-labelledby="today-links-title" className="grid gap-4">
      <h2 id="today-links-title" className="text-xl font-semibold">
        Today's links
      </h2>
      <LinkList
        user={user}
        links={today.data}
        isError={today.isError}
        headingLevel={3}
        empty={{ title: 'No links saved today', text: 'What you save today shows up here.' }}
      />
    </section>
  );
}
