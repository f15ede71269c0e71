import { FlaskConical } from 'lucide-react';
import { format } from 'date-fns';
import { useSearch } from 'wouter';
import type { TestCheckoutAnswer } from '@shared/billing-schemas';
import { CURRENCY, formatAmount } from '@shared/plans';
import { AuthCard } from '@web/auth/auth-card';
import { TestCheckoutForm } from '@web/billing/test-checkout-form';
import { useTestCheckout } from '@web/billing/use-test-checkout';
import { Spinner } from '@web/components/ui/spinner';

function whenCharged({ kind, firstChargeAt }: TestCheckoutAnswer): string {
  if (kind === 'trial') return ', after 14 days free';
  return firstChargeAt ? `, first charged on ${format(new Date(firstChargeAt), 'MMMM d, yyyy')}, when your free trial ends` : '';
}

/**
 * /checkout/test?session=… (BILLING=local): stands in for Stripe's payment page on an install
 * without a Stripe key, so every billing flow can be tried. Nothing is charged, and it says so.
 */
export function TestCheckoutPage() {
  const session = new URLSearchParams(useSearch()).get('session');
  const checkout = useTestCheckout(session);

  return (
    <div className="grid gap-6 px-4 py-10">
      <p
        role="note"
        className="mx-auto flex max-w-md items-center gap-2 rounded-md border-2 border-dashed border-amber-600 bg-amber-50 px-4 py-3 font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      >
        <FlaskConical aria-hidden className="size-5 shrink-0" />
        Test checkout — no real payment
      </p>
      {!session || checkout.isError ? (
        <AuthCard
          title="Checkout not found"
          description="This test checkout is finished or has expired. Start again from the plans page."
        />
      ) : !checkout.data ? (
        <Spinner label="Loading checkout..." className="justify-center" />
      ) : (
        <AuthCard
          title={checkout.data.kind === 'trial' ? 'Start your Stash Pro trial' : 'Pay for Stash Pro'}
          description={`Stash Pro, ${checkout.data.plan}: ${formatAmount(checkout.data.amount)} ${CURRENCY} ${checkout.data.plan === 'monthly' ? 'a month' : 'a year'}${whenCharged(checkout.data)}.`}
        >
          <TestCheckoutForm session={session} checkout={checkout.data} />
        </AuthCard>
      )}
    </div>
  );
}
