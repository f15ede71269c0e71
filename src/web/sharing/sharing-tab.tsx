import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { weeklyDigestLabel } from '@shared/sharing';
import { userCan } from '@web/auth/user-can';
import { useCurrentUser } from '@web/auth/use-current-user';
import { PendingButton } from '@web/components/pending-button';
import { Spinner } from '@web/components/ui/spinner';
import { SettingsSection } from '@web/settings/settings-section';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useRevokeSharedLink, useSharingOverview } from './sharing-queries';
import { SubscriberScheduleForm } from './subscriber-schedule-form';

const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** Settings → Sharing: published categories with their figures, and shared links with revoke. */
export function SharingTab() {
  const overview = useSharingOverview();
  const revoke = useRevokeSharedLink();
  const { user } = useCurrentUser();
  const canExport = user !== null && userCan(user, 'exportSubscribers');
  if (overview.isPending) return <Spinner label="Loading sharing..." />;
  if (overview.isError) return <p className="text-sm text-muted-foreground">Sharing could not be loaded. Reload the page to try again.</p>;
  const { categories, sharedLinks, digestSchedule } = overview.data;
  return (
    <div className="grid gap-6">
      <SettingsSection title="Public categories" description="Pages anyone can read, with their figures for the last 30 days.">
        {categories.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing published yet. Publish a category from the{' '}
            <Link href={`${paths.settings}?tab=categories`} className="underline">
              Categories
            </Link>{' '}
            tab.
          </p>
        ) : (
          <ul aria-label="Public categories" className="divide-y divide-border rounded-md border border-border">
            {categories.map((category) => (
              <li key={category.id} className="grid gap-1 px-4 py-3 text-sm">
                <a href={category.publicUrl} className="font-medium break-all text-primary underline">
                  {category.name}
                </a>
                <span className="text-muted-foreground">
                  {count(category.pageViews30d, 'view')} · {count(category.feedFetches30d, 'feed fetch', 'feed fetches')} ·{' '}
                  {count(category.subscribers, 'subscriber')} · last e-mail to subscribers:{' '}
                  {category.lastDigestSentAt ? day.format(new Date(category.lastDigestSentAt)) : 'none yet'}
                </span>
                {canExport && category.subscribers > 0 ? (
                  <a
                    href={`/api/sharing/categories/${encodeURIComponent(category.id)}/subscribers.csv`}
                    download
                    className="justify-self-start text-primary underline"
                  >
                    Export {category.name} subscribers (CSV)
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </SettingsSection>
      <SettingsSection
        title="Weekly e-mail to subscribers"
        description={`Readers can subscribe on each public page. In weeks with new links, they get them by e-mail on ${weeklyDigestLabel(digestSchedule.day, digestSchedule.hour)}, in your time zone (${digestSchedule.timezone}). You see how many subscribe; with Pro you can export their addresses.`}
      >
        <SubscriberScheduleForm key={`${digestSchedule.day}-${digestSchedule.hour}`} schedule={digestSchedule} />
      </SettingsSection>
      <SettingsSection
        title="Shared links"
        description="Each address shows one link's readable copy. Revoking makes it stop working at once."
      >
        {sharedLinks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No shared links. Use Share on a link with a readable copy.</p>
        ) : (
          <ul aria-label="Shared links" className="divide-y divide-border rounded-md border border-border">
            {sharedLinks.map((shared) => (
              <li key={shared.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <span className="min-w-0 break-words">
                  <span className="font-medium">{shared.title}</span>
                  <span className="block text-muted-foreground">
                    Shared {day.format(new Date(shared.createdAt))} · {count(shared.views, 'view')}
                  </span>
                </span>
                <PendingButton
                  variant="outline"
                  size="sm"
                  pending={revoke.isPending && revoke.variables === shared.id}
                  pendingLabel="Revoking..."
                  aria-label={`Revoke ${shared.title}`}
                  onClick={() =>
                    revoke.mutate(shared.id, {
                      onSuccess: () => toast({ title: 'Link revoked', description: 'Its address no longer works.' }),
                      onError: (error) =>
                        toast({
                          variant: 'destructive',
                          title: 'Could not revoke',
                          description: serverMessage(error, 'Please try again.'),
                        }),
                    })
                  }
                >
                  Revoke
                </PendingButton>
              </li>
            ))}
          </ul>
        )}
      </SettingsSection>
    </div>
  );
}
