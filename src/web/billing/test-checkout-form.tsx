import { useState, type FormEvent } from 'react';
import type { TestCheckoutAnswer } from '@shared/billing-schemas';
import { CURRENCY, formatAmount } from '@shared/plans';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { goToCheckout } from './go-to-checkout';
import { useCancelTestCheckout, usePayTestCheckout } from './use-test-checkout';

/**
 * Pay or cancel, as on Stripe's page. A trial checkout has no account behind it yet, so it asks
 * for the address and name the account will be made with, as Stripe's page does.
 */
export function TestCheckoutForm({ session, checkout }: { session: string; checkout: TestCheckoutAnswer }) {
  const pay = usePayTestCheckout();
  const cancel = useCancelTestCheckout();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const trial = checkout.kind === 'trial';
  const busy = pay.isPending || cancel.isPending;
  const fail = (error: unknown) =>
    toast({ variant: 'destructive', title: 'Test checkout failed', description: serverMessage(error, 'Please try again.') });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay.mutate(trial ? { session, email, name } : { session }, {
      onSuccess: ({ redirectUrl }) => goToCheckout(redirectUrl),
      onError: fail,
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      {trial ? (
        <>
          <FormField
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <FormField label="Name" autoComplete="name" required value={name} onChange={(event) => setName(event.target.value)} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Paying as {checkout.email}</p>
      )}
      <PendingButton type="submit" size="lg" pending={pay.isPending} pendingLabel="Paying..." disabled={busy}>
        {trial ? 'Start trial' : checkout.firstChargeAt ? 'Start Pro' : `Pay ${formatAmount(checkout.amount)} ${CURRENCY}`}
      </PendingButton>
      <PendingButton
        type="button"
        variant="outline"
        pending={cancel.isPending}
        pendingLabel="Cancelling..."
        disabled={busy}
        onClick={() => cancel.mutate(session, { onSuccess: ({ redirectUrl }) => goToCheckout(redirectUrl), onError: fail })}
      >
        Cancel
      </PendingButton>
    </form>
  );
}
