import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { completeTrialSignupBody, type TrialSessionAnswer } from '@shared/billing-schemas';
import { paymentToasts } from '@shared/billing-messages';
import { paths } from '@shared/routes';
import { browserTimeZone } from '@web/auth/browser-time-zone';
import { FormField } from '@web/components/form-field';
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
  const [, navigate] = useLocation();
  const complete = useCompleteTrialSignup();
  const form = useForm({
    resolver: zodResolver(completeTrialSignupBody),
    defaultValues: { ...splitName(session.customerName), email: session.customerEmail ?? '', password: '', sessionId },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    complete.mutate(
      { ...body, timezone: browserTimeZone() },
      {
        onSuccess: (user) => {
          if (user) {
            navigate(paths.activation);
          } else {
            toast({ title: 'Account created', description: 'Please log in to start using Stash.' });
            navigate(`${paths.auth}?mode=login`);
          }
        },
        onError: (error) => toast({ variant: 'destructive', title: paymentToasts.accountCreationFailed.title, description: serverMessage(error, 'Please try again.') }),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <FormField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PendingButton type="submit" size="lg" pending={complete.isPending} pendingLabel="Creating your account...">
        Create my account
      </PendingButton>
    </form>
  );
}
