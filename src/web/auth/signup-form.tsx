import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { createTrialAccountBody } from '@shared/auth-schemas';
import { paths } from '@shared/routes';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { NewAccountFields } from './account-fields';
import { browserTimeZone } from './browser-time-zone';
import { useCreateTrialAccount } from './use-auth-mutations';
import { useEnterNewAccount } from './use-enter-new-account';

/** The /signup trial form; `journey` is the landing variant the visitor came through. */
export function SignupForm({ journey }: { journey: string }) {
  const enterNewAccount = useEnterNewAccount();
  const createAccount = useCreateTrialAccount();
  const form = useForm({
    resolver: zodResolver(createTrialAccountBody),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });

  const submit = form.handleSubmit((body) =>
    createAccount.mutate(
      { ...body, journey, timezone: browserTimeZone() },
      {
        onSuccess: enterNewAccount,
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Account creation failed', description: serverMessage(error, 'Please try again.') }),
      },
    ),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <NewAccountFields />
        <PendingButton type="submit" size="lg" pending={createAccount.isPending} pendingLabel="Creating your account...">
          Start my free trial
        </PendingButton>
        <p className="text-center text-sm text-muted-foreground">
          Already have an account?{' '}
          <Link href={`${paths.auth}?mode=login`} className="font-medium text-foreground underline underline-offset-4">
            Log in
          </Link>
        </p>
      </form>
    </FormProvider>
  );
}
