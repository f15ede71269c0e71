import { Link, useSearch } from 'wouter';
import { paymentToasts } from '@shared/billing-messages';
import { tierOf } from '@shared/permissions';
import { paths } from '@shared/routes';
import { useCurrentUser } from '@web/auth/use-current-user';
import { AlreadyProNotice } from '@web/billing/already-pro-notice';
import { BillingOffPage } from '@web/billing/billing-off-page';
import { journeyFrom } from '@web/billing/journey';
import { PlanChooser } from '@web/billing/plan-chooser';
import { usePlans } from '@web/billing/use-plans';
import { Page } from '@web/components/page';
import { ProviderButtons } from '@web/sign-in-providers/provider-buttons';
import { toast } from '@web/toasts/use-toast';

/**
 * /pro-signup: where a visitor's "Upgrade to Pro" on /pricing lands. Pro starts as a 14-day trial
 * at the checkout; the account is made on /setup-account after it.
 */
export function ProSignupPage() {
  const plans = usePlans();
  const { user } = useCurrentUser();
  const params = new URLSearchParams(useSearch());
  if (plans.isPending) return null;
  if (plans.data?.billing === 'off') return <BillingOffPage />;
  return (
    <Page title="Get Stash Pro">
      <p className="mt-2 mb-8 text-muted-foreground">
        Every Pro feature, free for 14 days. No charge until your trial ends, and you can cancel anytime from Settings.
      </p>
      {user && tierOf(user, user.billing) === 'pro' ? (
        <AlreadyProNotice />
      ) : (
        <>
          {!user && (
            <div className="mx-auto max-w-sm">
              <ProviderButtons keep={{ tier: 'pro', journey: journeyFrom(params) }} divider="or choose a plan" />
            </div>
          )}
          <PlanChooser
            from="pricing"
            journey={journeyFrom(params)}
            onCheckoutError={() =>
              toast({ variant: 'destructive', title: paymentToasts.checkoutFailed.title, description: paymentToasts.checkoutFailed.text })
            }
          />
        </>
      )}
      <p className="mt-8 text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <Link href={`${paths.auth}?mode=login&tier=pro`} className="font-medium text-foreground underline underline-offset-4">
          Log in to upgrade
        </Link>
      </p>
    </Page>
  );
}
