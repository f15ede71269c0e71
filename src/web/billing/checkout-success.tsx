import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { paymentToasts } from '@shared/billing-messages';
import { paths } from '@shared/routes';
import { Spinner } from '@web/components/ui/spinner';
import { usePageTitle } from '@web/lib/use-page-title';
import { toast } from '@web/toasts/use-toast';
import { useRefreshAccount } from './use-billing';

/** docs/product/plans-and-billing.md, Upgrade page: the success screen's pause before the Stashboard. */
const SUCCESS_REDIRECT_MS = 2000;

/**
 * Back from a checkout the server has confirmed (useConfirmedCheckout): refreshes the account (the
 * provider's event has made it Pro, or is about to), then goes to the Stashboard after 2 s.
 */
export function CheckoutSuccess() {
  usePageTitle('Payment successful');
  const [, navigate] = useLocation();
  const refresh = useRefreshAccount();

  useEffect(() => {
    void refresh();
    toast({ title: paymentToasts.subscriptionSuccessful.title, description: paymentToasts.subscriptionSuccessful.text });
    const timer = window.setTimeout(() => navigate(paths.dashboard), SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);

  return (
    <div className="flex flex-col items-center gap-4 px-4 py-24 text-center">
      <CircleCheck aria-hidden className="size-14 text-primary" />
      <h1 className="text-3xl font-bold tracking-tight">Welcome to Stash Pro!</h1>
      <p className="max-w-md text-muted-foreground">Thank you for upgrading. Every Pro feature is yours now.</p>
      <Spinner label="Taking you to your Stashboard..." />
    </div>
  );
}

/** While the server checks the session the success URL names. */
export function VerifyingPayment() {
  return <Spinner label="Verifying your payment..." className="justify-center px-4 py-24" />;
}
