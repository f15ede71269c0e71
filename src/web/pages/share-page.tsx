import { CircleCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearch } from 'wouter';
import type { Link } from '@shared/links-schemas';
import { paths } from '@shared/routes';
import { useCurrentUser } from '@web/auth/use-current-user';
import { userTier } from '@web/auth/user-can';
import { Page } from '@web/components/page';
import { Button } from '@web/components/ui/button';
import { TrialExpiredCard } from '@web/dashboard/trial-expired-card';
import { AddLinkCard } from '@web/links/add-link-card';
import { sharedLinkFrom } from '@web/share/shared-link';

/** /share, the installable app's share target: the add-link card filled in with what was shared, one tap from saved. */
export function SharePage() {
  const { user } = useCurrentUser();
  const search = useSearch();
  const shared = useMemo(() => sharedLinkFrom(new URLSearchParams(search)), [search]);
  const [saved, setSaved] = useState<Link | null>(null);
  // LoginRequired renders this page only once the user is known.
  if (!user) return null;
  if (saved) return <SharedLinkSaved link={saved} />;

  return (
    <Page title="Save a shared link">
      <p className="mt-2 text-muted-foreground">
        {shared.url
          ? 'Check the link, add notes or categories if you like, then save it.'
          : 'Nothing that was shared looks like a web address. Paste the link below.'}
      </p>
      {shared.url && shared.title && <p className="mt-2 font-medium [overflow-wrap:anywhere]">{shared.title}</p>}
      <div className="mt-6 max-w-2xl">
        {userTier(user) === 'trialExpired' ? <TrialExpiredCard /> : <AddLinkCard user={user} initial={shared} onSaved={setSaved} />}
      </div>
    </Page>
  );
}

/** After the save: say so, and offer the way back to the app that shared it, or My Stash. */
function SharedLinkSaved({ link }: { link: Link }) {
  const goBack = () => (window.history.length > 1 ? window.history.back() : window.close());
  return (
    <Page title="Saved to your stash">
      <p className="mt-4 flex items-start gap-2 [overflow-wrap:anywhere]">
        <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
        {link.title ?? link.url}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button onClick={goBack} variant="outline">
          Go back
        </Button>
        <Button asChild>
          <RouterLink href={paths.history}>Open My Stash</RouterLink>
        </Button>
      </div>
    </Page>
  );
}
