import { useSearch } from 'wouter';
import { freePlanChoice, paymentToasts } from '@shared/billing-messages';
import { tierOf } from '@shared/permissions';
import { LoginRequired } from '@web/auth/login-required';
import { useCurrentUser } from '@web/auth/use-current-user';
import { AlreadyProNotice } from '@web/billing/already-pro-notice';
import { BillingOffPage } from '@web/billing/billing-off-page';
import { CheckoutSuccess, VerifyingPayment } from '@web/billing/checkout-success';
import { ContinueOnFreeButton } from '@web/billing/continue-on-free-button';
import { useConfirmedCheckout } from '@web/billing/use-confirmed-checkout';
import { journeyFrom } from '@web/billing/journey';
import { PlanChooser } from '@web/billing/plan-chooser';
import { trialHeadline } from '@web/billing/trial-headline';
import { useReturnFlagToast } from '@web/billing/use-checkout-flags';
import { Page } from '@web/components/page';
import { toast } from '@web/toasts/use-toast';

/** /upgrade-trial: the plan choice for an account whose trial runs or has ended (docs/product/plans-and-billing.md, Upgrade page). */
export function UpgradeTrialPage() {
  return (
    <LoginRequired>
      <UpgradeTrial />
    </LoginRequired>
  );
}

function UpgradeTrial() {
  const { user } = useCurrentUser();
  const params = new URLSearchParams(useSearch());
  useReturnFlagToast(['cancelled', 'canceled'], {
    title: paymentToasts.paymentCancelled.title,
    description: paymentToasts.paymentCancelled.text,
  });
  const checkout = useConfirmedCheckout(params.get('session_id'));
  if (!user) return null;

  if (checkout === 'checking') return <VerifyingPayment />;
  if (checkout === 'confirmed') return <CheckoutSuccess />;
  if (user.billing === 'off') return <BillingOffPage />;
  const { title, text } = trialHeadline(user);
  const tier = tierOf(user, user.billing);

  return (
    <Page title={title}>
      <p className="mt-2 mb-8 text-muted-foreground">{text}</p>
      {tier === 'pro' ? (
        <AlreadyProNotice />
      ) : (
        <PlanChooser
          from="upgrade-trial"
          journey={journeyFrom(params)}
          onCheckoutError={() =>
            toast({
              variant: 'destructive',
              title: paymentToasts.upgradeTrialFailed.title,
              description: paymentToasts.upgradeTrialFailed.text,
            })
          }
        />
      )}
      {tier === 'trialExpired' && (
        <section aria-labelledby="free-choice" className="mx-auto mt-8 grid max-w-md justify-items-center gap-3 text-center">
          <h2 id="free-choice" className="text-lg font-semibold">
            Or stay on the free plan
          </h2>
          <p className="text-sm text-muted-foreground">{freePlanChoice.terms}.</p>
          <ContinueOnFreeButton size="lg" />
        </section>
      )}
    </Page>
  );
}
