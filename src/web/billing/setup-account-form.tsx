import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { completeTrialSignupBody, type TrialSessionAnswer } from '@shared/billing-schemas';
import { paymentToasts } from '@shared/billing-messages';
import { NewAccountFields } from '@web/auth/account-fields';
import { browserTimeZone } from '@web/auth/browser-time-zone';
import { useEnterNewAccount } from '@web/auth/use-enter-new-account';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useCompleteTrialSignup } from './use-billing';

/** "Grace Brewster Hopper" → first name "Grace", last name "Brewster Hopper". */
function splitName(name: string | null): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/** The account form of /setup-account, filled in from the payment session. */
export function SetupAccountForm({ sessionId, session }: { sessionId: string; session: TrialSessionAnswer }) {
  const enterNewAccount = useEnterNewAccount();
  const complete = useCompleteTrialSignup();
  const form = useForm({
    resolver: zodResolver(completeTrialSignupBody),
    defaultValues: { ...splitName(session.customerName), email: session.customerEmail ?? '', password: '', sessionId },
  });

  const submit = form.handleSubmit((body) =>
    complete.mutate(
      { ...body, timezone: browserTimeZone() },
      {
        onSuccess: enterNewAccount,
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: paymentToasts.accountCreationFailed.title,
            description: serverMessage(error, 'Please try again.'),
          }),
      },
    ),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <NewAccountFields />
        <PendingButton type="submit" size="lg" pending={complete.isPending} pendingLabel="Creating your account...">
          Create my account
        </PendingButton>
      </form>
    </FormProvider>
  );
}
