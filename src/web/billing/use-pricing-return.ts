import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paymentToasts } from '@shared/billing-messages';
import { toast } from '@web/toasts/use-toast';
import { useReturnFlagToast } from './use-checkout-flags';
import { useRefreshAccount, useVerifySession } from './use-billing';

/**
 * /pricing's return flags (SPEC.md section 2): success=true (with the session, checked first)
 * refreshes the account and says so; canceled=true says the checkout was canceled.
 */
export function usePricingReturn(): void {
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const succeeded = params.get('success') === 'true';
  const sessionId = succeeded ? params.get('session_id') : null;
  const verified = useVerifySession(sessionId);
  const refresh = useRefreshAccount();
  useReturnFlagToast(['canceled'], { title: paymentToasts.checkoutCanceled.title, description: paymentToasts.checkoutCanceled.text });

  const done = succeeded && (sessionId === null || verified.isFetched);
  useEffect(() => {
    if (!done) return;
    if (sessionId === null || verified.data?.success) {
      void refresh();
      toast({ title: paymentToasts.paymentSuccessful.title, description: paymentToasts.paymentSuccessful.text });
    }
    navigate(location, { replace: true });
    // Once per return: `done` turns true once.
  }, [done]);
}
