import { useEffect } from 'react';
import { track } from '@web/analytics/track';
import { useCurrentUser } from '@web/auth/use-current-user';
import { userTier } from '@web/auth/user-can';
import { VerifyEmailNotice } from '@web/auth/verify-email-notice';
import { Page } from '@web/components/page';
import { AccountBadge } from '@web/dashboard/account-badge';
import { MonthlyUsage } from '@web/dashboard/monthly-usage';
import { TodayLinks } from '@web/dashboard/today-links';
import { TrialBanner } from '@web/dashboard/trial-banner';
import { TrialExpiredCard } from '@web/dashboard/trial-expired-card';
import { UpgradeBanner } from '@web/dashboard/upgrade-banner';
import { AddLinkCard } from '@web/links/add-link-card';

/** /dashboard, the Stashboard: save a link, see today's. */
export function DashboardPage() {
  const { user } = useCurrentUser();
  useEffect(() => track('dashboard_view'), []);
  // LoginRequired renders this page only once the user is known.
  if (!user) return null;
  const tier = userTier(user);

  return (
    <Page title="Stash Something">
      <div className="mt-3 flex flex-wrap gap-2 empty:hidden">
        <AccountBadge user={user} />
      </div>
      <div className="mt-6 grid gap-6">
        <VerifyEmailNotice user={user} />
        {/* One prompt at a time: a trial has its own banner, an ended one the card that replaces saving. */}
        {tier === 'trial' ? <TrialBanner user={user} /> : tier !== 'trialExpired' && <UpgradeBanner user={user} />}
        <MonthlyUsage user={user} />
        {tier === 'trialExpired' ? <TrialExpiredCard /> : <AddLinkCard user={user} />}
        <TodayLinks user={user} />
      </div>
    </Page>
  );
}
