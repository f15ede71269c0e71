import { useId } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '@shared/auth-schemas';
import { paths } from '@shared/routes';
import { trialStatus, TRIAL_URGENT_DAYS, TRIAL_WARNING_DAYS } from '@shared/trial';
import { userTier } from '@web/auth/user-can';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatDayInZone } from '@web/lib/zoned-time';

/** An active trial's days left and end date, more insistent in its last week and last 3 days. */
export function TrialBanner({ user }: { user: CurrentUser }) {
  const titleId = useId();
  const { daysRemaining, trialEndDate } = trialStatus(user);
  if (userTier(user) !== 'trial' || !trialEndDate) return null;

  return (
    <section aria-labelledby={titleId} className="flex flex-wrap items-center gap-4 rounded-lg border border-border bg-muted p-4">
      <div className="grid flex-1 gap-1">
        <p id={titleId} className="flex flex-wrap items-center gap-2 font-semibold">
          Free trial: {daysRemaining} {daysRemaining === 1 ? 'day' : 'days'} left
          {daysRemaining <= TRIAL_URGENT_DAYS && (
            <Badge className="border-transparent bg-destructive text-destructive-foreground">Urgent</Badge>
          )}
        </p>
        <p className="text-sm">Your trial ends on {formatDayInZone(trialEndDate, user.timezone)}.</p>
        {daysRemaining <= TRIAL_WARNING_DAYS && (
          <p className="text-sm">
            <strong>Don't lose your Pro features</strong>: custom categories, newsletter control and daily digests stop when the trial ends.
          </p>
        )}
      </div>
      <Button asChild size="sm">
        <Link href={paths.upgradeTrial}>Upgrade now</Link>
      </Button>
    </section>
  );
}
