import { useSearch } from 'wouter';
import { paymentToasts } from '@shared/billing-messages';
import { tierOf } from '@shared/permissions';
import { useCurrentUser } from '@web/auth/use-current-user';
import { AlreadyProNotice } from '@web/billing/already-pro-notice';
import { BILLING_OFF_TITLE, BillingOffPage } from '@web/billing/billing-off-page';
import { CheckoutSuccess, VerifyingPayment } from '@web/billing/checkout-success';
import { journeyFrom } from '@web/billing/journey';
import { PlanChooser } from '@web/billing/plan-chooser';
import { usePlans } from '@web/billing/use-plans';
import { useConfirmedCheckout } from '@web/billing/use-confirmed-checkout';
import { useReturnFlagToast } from '@web/billing/use-checkout-flags';
import { BrandLink } from '@web/layout/brand-link';
import { usePageTitle } from '@web/lib/use-page-title';

/**
 * /upgrade, full screen (docs/product/plans-and-billing.md, Upgrade page). Back from a checkout the server confirms as paid it
 * shows the success screen, otherwise the plans; back from a cancelled one, a toast.
 */
export function UpgradePage() {
  const params = new URLSearchParams(useSearch());
  const { user } = useCurrentUser();
  const plans = usePlans();
  // Set here even with billing off: this page's effect runs after the one of the page it shows.
  usePageTitle(plans.data?.billing === 'off' ? BILLING_OFF_TITLE : 'Upgrade to Stash Pro');
  useReturnFlagToast(['cancelled', 'canceled'], {
    title: paymentToasts.paymentCancelled.title,
    description: paymentToasts.paymentCancelled.text,
  });

  const checkout = useConfirmedCheckout(params.get('session_id'));
  if (checkout === 'checking') return <VerifyingPayment />;
  if (checkout === 'confirmed') return <CheckoutSuccess />;
  if (plans.isPending) return null;
  if (plans.data?.billing === 'off') return <BillingOffPage />;

  return (
    <div className="flex flex-col items-center gap-8 px-4 py-10">
      <BrandLink />
      <div className="grid max-w-2xl gap-3 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Upgrade to Stash Pro</h1>
        <p className="text-muted-foreground">Unlimited links, a newsletter on your own schedule, and every feature to make it yours.</p>
      </div>
      {user && tierOf(user, user.billing) === 'pro' ? (
        <AlreadyProNotice />
      ) : (
        // docs/product/plans-and-billing.md, Upgrade page: on this page a failed checkout is only logged, and the button works again.
        <PlanChooser from="upgrade" journey={journeyFrom(params)} onCheckoutError={(error) => console.error('Checkout failed', error)} />
      )}
    </div>
  );
}
