import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { useCurrentUser } from '@web/auth/use-current-user';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { serverMessage } from '@web/lib/server-message';
import { SettingsSection } from '@web/settings/settings-section';
import { toast } from '@web/toasts/use-toast';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { summarize } from './subscription-summary';
import { useSetCancellation, useSubscription } from './use-billing';

/**
 * Settings: the account's plan, when it renews or ends, and the way to upgrade, cancel (at the end
 * of the period) or keep a canceled plan. Shows nothing on a self-hosted install (billing off).
 */
export function SubscriptionSection() {
  const { user } = useCurrentUser();
  const subscription = useSubscription();
  const resume = useSetCancellation();
  // The signed-in user says so at once; the subscription's answer would come a moment later.
  if (user?.billing === 'off' || subscription.data?.billing === 'off') return null;

  const summary = subscription.data && summarize(subscription.data);
  const upgradePath = subscription.data?.accountType === 'trial' ? paths.upgradeTrial : paths.pricing;

  return (
    <SettingsSection title="Subscription">
      {!summary ? (
        <Spinner label="Loading your plan..." />
      ) : (
        <div className="grid gap-4">
          <dl className="grid gap-1">
            <dt className="text-sm text-muted-foreground">Your plan</dt>
            <dd className="text-lg font-semibold">{summary.plan}</dd>
            <dd>{summary.status}</dd>
          </dl>
          {summary.action === 'cancel' && <CancelSubscriptionDialog />}
          {summary.action === 'resume' && (
            <PendingButton
              className="w-fit"
              pending={resume.isPending}
              pendingLabel="Saving..."
              onClick={() =>
                resume.mutate(false, {
                  onSuccess: () => toast({ title: 'Subscription renewed', description: 'Your plan continues as before.' }),
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: 'Failed to keep your plan',
                      description: serverMessage(error, 'Please try again.'),
                    }),
                })
              }
            >
              Keep my plan
            </PendingButton>
          )}
          {summary.action === 'upgrade' && (
            <Button asChild className="w-fit">
              <Link href={upgradePath}>Upgrade to Pro</Link>
            </Button>
          )}
        </div>
      )}
    </SettingsSection>
  );
}
