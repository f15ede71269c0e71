import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { registerBody, type RegisterBody } from '@shared/auth-schemas';
import { accountMessages } from '@shared/validation-messages';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { goToCheckout } from '@web/billing/go-to-checkout';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { NewAccountFields } from './account-fields';
import { browserTimeZone } from './browser-time-zone';
import { useRegister } from './use-auth-mutations';

interface RegisterFormProps {
  defaultEmail: string;
  invitationCode: string;
  /** What the visitor came for (/auth?tier=pro&bonus=true), sent along with the account. */
  offer: Pick<RegisterBody, 'tier' | 'hasBonus'>;
  onRegistered: (email: string) => void;
  /** The address has an account already: log in instead, with it filled in. */
  onAccountExists: (email: string) => void;
  onLogin: () => void;
}

export function RegisterForm({ defaultEmail, invitationCode, offer, onRegistered, onAccountExists, onLogin }: RegisterFormProps) {
  const register = useRegister();
  const form = useForm({
    resolver: zodResolver(registerBody),
    defaultValues: { firstName: '', lastName: '', email: defaultEmail, password: '', invitationCode },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    register.mutate(
      { ...body, ...offer, timezone: browserTimeZone() },
      {
        // docs/product/accounts.md, Sign-up: the pro sign-up goes on to pay; the e-mail to verify waits in the inbox.
        onSuccess: ({ stripeUrl }) => (stripeUrl ? goToCheckout(stripeUrl) : onRegistered(body.email)),
        onError: (error) => {
          const message = serverMessage(error, 'Please try again.');
          if (message.includes('already exists')) {
            toast({ title: 'Account already exists', description: accountMessages.emailTaken });
            onAccountExists(body.email);
          } else {
            toast({ variant: 'destructive', title: 'Registration failed', description: message });
          }
        },
      },
    ),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <NewAccountFields />
        <FormField
          label="Invitation code (optional)"
          autoComplete="off"
          error={errors.invitationCode?.message}
          {...form.register('invitationCode')}
        />
        <PendingButton type="submit" pending={register.isPending} pendingLabel="Creating account...">
          Create account
        </PendingButton>
        <p className="text-sm text-muted-foreground">
          Already have an account?{' '}
          <Button type="button" variant="link" onClick={onLogin}>
            Log in
          </Button>
        </p>
      </form>
    </FormProvider>
  );
}
