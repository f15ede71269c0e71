import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { useCurrentUser } from '@web/auth/use-current-user';
import { userTier } from '@web/auth/user-can';
import { Page } from '@web/components/page';
import { TrialExpiredCard } from '@web/dashboard/trial-expired-card';
import { AddLinkCard } from '@web/links/add-link-card';
import { sharedLinkFrom } from '@web/share/shared-link';

/** /share, the installable app's share target: the add-link card filled in with what was shared, one tap from saved. */
export function SharePage() {
  const { user } = useCurrentUser();
  const search = useSearch();
  const shared = useMemo(() => sharedLinkFrom(new URLSearchParams(search)), [search]);
  // LoginRequired renders this page only once the user is known.
  if (!user) return null;

  return (
    <Page title="Save a shared link">
      <p className="mt-2 text-muted-foreground">
        {shared.url ? 'Check the link, add notes or categories if you like, then save it.' : 'Nothing that was shared looks like a web address. Paste the link below.'}
      </p>
      <div className="mt-6 max-w-2xl">{userTier(user) === 'trialExpired' ? <TrialExpiredCard /> : <AddLinkCard user={user} initial={shared} />}</div>
    </Page>
  );
}
