import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { paymentToasts } from '@shared/billing-messages';
import { paths } from '@shared/routes';
import { AuthCard } from '@web/auth/auth-card';
import { SetupAccountForm } from '@web/billing/setup-account-form';
import { TrialTerms } from '@web/billing/trial-terms';
import { useTrialSession } from '@web/billing/use-billing';
import { Spinner } from '@web/components/ui/spinner';
import { toast, type ToastInput } from '@web/toasts/use-toast';

/**
 * /setup-account?session_id=… (docs/product/plans-and-billing.md, Setup account): after a paid trial checkout, checks the payment
 * session, then makes the account with what the checkout already knows. Without a session, or
 * with one that does not check out, it sends the visitor back to /upgrade with a toast.
 */
export function SetupAccountPage() {
  const sessionId = new URLSearchParams(useSearch()).get('session_id');
  const session = useTrialSession(sessionId);
  const failure: ToastInput | null =
    sessionId === null
      ? { variant: 'destructive', title: paymentToasts.invalidSession.title, description: paymentToasts.invalidSession.text }
      : session.isError
        ? {
            variant: 'destructive',
            title: paymentToasts.sessionVerificationFailed.title,
            description: paymentToasts.sessionVerificationFailed.text,
          }
        : null;
  useBackToUpgrade(failure);

  if (!sessionId || !session.data) {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Verifying your payment..." />
      </div>
    );
  }
  return (
    <AuthCard title="Set up your account" description="Your payment details are saved. Create your account to start your Pro trial.">
      <TrialTerms plan={session.data.planType} />
      <SetupAccountForm sessionId={sessionId} session={session.data} />
    </AuthCard>
  );
}

function useBackToUpgrade(failure: ToastInput | null): void {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!failure) return;
    toast(failure);
    navigate(paths.upgrade, { replace: true });
    // Once: the page leaves as soon as it fails.
  }, [failure !== null]);
}
