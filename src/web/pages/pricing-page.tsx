import { useState } from 'react';
import { Link } from 'wouter';
import { NO_CHECKOUT_URL, paymentToasts } from '@shared/billing-messages';
import { tierOf, type Tier } from '@shared/permissions';
import { DEFAULT_PLAN_INTERVAL, type PlanInterval } from '@shared/plans';
import { paths } from '@shared/routes';
import { useCurrentUser } from '@web/auth/use-current-user';
import { BillingOffPage } from '@web/billing/billing-off-page';
import { ContinueOnFreeButton } from '@web/billing/continue-on-free-button';
import { FreePlanCard } from '@web/billing/free-plan-card';
import { goToCheckout } from '@web/billing/go-to-checkout';
import { MoreWithPro } from '@web/billing/more-with-pro';
import { PlanIntervalToggle } from '@web/billing/plan-interval-toggle';
import { ProPlanCard } from '@web/billing/pro-plan-card';
import { useStartCheckout } from '@web/billing/use-billing';
import { usePlans } from '@web/billing/use-plans';
import { usePricingReturn } from '@web/billing/use-pricing-return';
import { Page } from '@web/components/page';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/toasts/use-toast';

/** What the Free card says to a signed-in user who cannot choose it now (an ended trial can: "Continue on Free"). */
const freeCardLabels: Record<Exclude<Tier, 'trialExpired'>, string> = {
  free: 'Your current plan',
  trial: 'Yours to choose when your trial ends',
  pro: 'Where your account goes if Pro ends',
};

/** /pricing: the Free and Pro cards and "More with Pro" (SPEC.md section 2). */
export function PricingPage() {
  const { user } = useCurrentUser();
  const plans = usePlans();
  const [plan, setPlan] = useState<PlanInterval>(DEFAULT_PLAN_INTERVAL);
  const checkout = useStartCheckout();
  usePricingReturn();

  // Nothing until the billing mode is known: a self-hosted install must not flash prices.
  if (plans.isPending) return null;
  if (plans.data?.billing === 'off') return <BillingOffPage />;

  const tier = user ? tierOf(user, user.billing) : null;
  const upgrade = () =>
    checkout.mutate(
      { plan, from: 'pricing' },
      {
        onSuccess: goToCheckout,
        onError: (error) => {
          const { title, text } = error.message === NO_CHECKOUT_URL ? paymentToasts.noCheckoutUrl : paymentToasts.checkoutFailed;
          toast({ variant: 'destructive', title, description: text });
        },
      },
    );

  return (
    <Page title="Pricing">
      <p className="mt-2 text-muted-foreground">Start free. Upgrade when Stash becomes part of your day.</p>
      <div className="mt-8 flex justify-center">
        <PlanIntervalToggle value={plan} onChange={setPlan} />
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <FreePlanCard
          action={
            tier === 'trialExpired' ? (
              <ContinueOnFreeButton className="w-full" />
            ) : tier ? (
              <Button variant="outline" disabled className="w-full">
                {freeCardLabels[tier]}
              </Button>
            ) : (
              <Button asChild variant="outline" className="w-full">
                <Link href={paths.auth}>Get started free</Link>
              </Button>
            )
          }
        />
        <ProPlanCard
          interval={plan}
          action={
            !user ? (
              <Button asChild className="w-full">
                <Link href={paths.proSignup}>Upgrade to Pro</Link>
              </Button>
            ) : tier === 'pro' ? (
              <Button asChild variant="outline" className="w-full">
                <Link href={paths.settings}>Your current plan: manage it in Settings</Link>
              </Button>
            ) : (
              <PendingButton className="w-full" pending={checkout.isPending} pendingLabel="Opening checkout..." onClick={upgrade}>
                Upgrade to Pro
              </PendingButton>
            )
          }
        />
      </div>
      <MoreWithPro />
    </Page>
  );
}
