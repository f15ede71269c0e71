import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paymentToasts } from '@shared/billing-messages';
import { toast } from '@web/toasts/use-toast';
import { useReturnFlagToast } from './use-checkout-flags';
import { useRefreshAccount } from './use-billing';
import { useConfirmedCheckout } from './use-confirmed-checkout';

/**
 * /pricing's return flags (docs/product/plans-and-billing.md, Pricing page): success=true with a session the server confirms as
 * paid refreshes the account and says so; without one, the flag is dropped and the page is the
 * normal one. canceled=true says the checkout was canceled.
 */
export function usePricingReturn(): void {
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const succeeded = params.get('success') === 'true';
  const checkout = useConfirmedCheckout(succeeded ? params.get('session_id') : null);
  const refresh = useRefreshAccount();
  useReturnFlagToast(['canceled'], { title: paymentToasts.checkoutCanceled.title, description: paymentToasts.checkoutCanceled.text });

  const settled = succeeded && checkout !== 'checking';
  useEffect(() => {
    if (!settled) return;
    if (checkout === 'confirmed') {
      void refresh();
      toast({ title: paymentToasts.paymentSuccessful.title, description: paymentToasts.paymentSuccessful.text });
    }
    navigate(location, { replace: true });
    // Once per return: `settled` turns true once.
  }, [settled]);
}
