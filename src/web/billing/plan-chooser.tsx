import { useState } from 'react';
import { Link } from 'wouter';
import { DEFAULT_PLAN_INTERVAL, type PlanInterval } from '@shared/plans';
import { paths } from '@shared/routes';
import type { CheckoutBody } from '@shared/billing-schemas';
import { useCurrentUser } from '@web/auth/use-current-user';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { FeatureList } from './feature-list';
import { goToCheckout } from './go-to-checkout';
import { proFeatures } from './plan-features';
import { PlanIntervalToggle } from './plan-interval-toggle';
import { PlanPrice } from './plan-price';
import { useStartCheckout, useStartTrialCheckout } from './use-billing';

interface PlanChooserProps {
  from: NonNullable<CheckoutBody['from']>;
  /** Journey b adds the trial that needs no payment at all (docs/product/plans-and-billing.md, Upgrade page). */
  journey: string;
  /** Each page reports a failed checkout its own way (docs/product/plans-and-billing.md, Upgrade page). */
  onCheckoutError: (error: unknown) => void;
}

/**
 * The plan choice of /upgrade, /upgrade-trial and /pro-signup: the period toggle (annual first),
 * Pro's price and features, and the way to pay. A signed-in user checks out for their account; a
 * visitor starts a 14-day trial at the checkout and makes the account afterwards (/setup-account).
 */
export function PlanChooser({ from, journey, onCheckoutError }: PlanChooserProps) {
  const { user } = useCurrentUser();
  const [plan, setPlan] = useState<PlanInterval>(DEFAULT_PLAN_INTERVAL);
  const checkout = useStartCheckout();
  const trialCheckout = useStartTrialCheckout();
  const pending = checkout.isPending || trialCheckout.isPending;

  const pay = () => {
    const started = user ? checkout.mutateAsync({ plan, from }) : trialCheckout.mutateAsync({ plan, from });
    started.then(goToCheckout, onCheckoutError);
  };

  return (
    <div className="grid justify-items-center gap-6">
      <PlanIntervalToggle value={plan} onChange={setPlan} />
      <Card className="w-full max-w-md border-primary">
        <CardHeader>
          <CardTitle>Stash Pro</CardTitle>
          <PlanPrice interval={plan} />
        </CardHeader>
        <CardContent>
          <FeatureList features={proFeatures} />
        </CardContent>
        <CardFooter className="flex-col items-stretch">
          <PendingButton size="lg" pending={pending} pendingLabel="Opening checkout..." onClick={pay} data-checkout-from={from}>
            {user ? 'Upgrade to Pro' : 'Start your 14-day free trial'}
          </PendingButton>
          {!user && (
            <p className="text-center text-sm text-muted-foreground">No charge until your trial ends. Cancel anytime from Settings.</p>
          )}
          {journey === 'b' && (
            <Button asChild variant="outline" size="lg">
              <Link href={`${paths.signup}?journey=b`}>Start free trial, no payment needed</Link>
            </Button>
          )}
        </CardFooter>
      </Card>
    </div>
  );
}
