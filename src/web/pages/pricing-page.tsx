import { useState } from 'react';
import { DEFAULT_PLAN_INTERVAL, type PlanInterval } from '@shared/plans';
import { BillingOffPage } from '@web/billing/billing-off-page';
import { FreePlanCard } from '@web/billing/free-plan-card';
import { MoreWithPro } from '@web/billing/more-with-pro';
import { PlanIntervalToggle } from '@web/billing/plan-interval-toggle';
import { FreePlanAction, ProPlanAction } from '@web/billing/pricing-plan-actions';
import { ProPlanCard } from '@web/billing/pro-plan-card';
import { usePlans } from '@web/billing/use-plans';
import { usePricingReturn } from '@web/billing/use-pricing-return';
import { Page } from '@web/components/page';

/**
 * /pricing: the Free and Pro cards and "More with Pro" (docs/product/plans-and-billing.md, Pricing page). Who is signed in is
 * read by the cards' buttons only (pricing-plan-actions.tsx), so the page itself does not render
 * again when hydration ends or the current user answers.
 */
export function PricingPage() {
  const plans = usePlans();
  const [plan, setPlan] = useState<PlanInterval>(DEFAULT_PLAN_INTERVAL);
  usePricingReturn();

  // Nothing until the billing mode is known: a self-hosted install must not flash prices.
  if (plans.isPending) return null;
  if (plans.data?.billing === 'off') return <BillingOffPage />;

  return (
    <Page title="Pricing">
      <p className="mt-2 text-muted-foreground">Start free. Upgrade when Stash becomes part of your day.</p>
      <div className="mt-8 flex justify-center">
        <PlanIntervalToggle value={plan} onChange={setPlan} />
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <FreePlanCard action={<FreePlanAction />} />
        <ProPlanCard interval={plan} action={<ProPlanAction plan={plan} />} />
      </div>
      <MoreWithPro />
    </Page>
  );
}
