import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { accountLengths, changePasswordBody } from '@shared/auth-schemas';
import { NewPasswordFields } from '@web/auth/account-fields';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { RevokeAllTokensOffer } from './revoke-all-tokens-offer';
import { useChangePassword } from './use-account-mutations';

const emptyValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** For e-mail accounts only; `email` lets password managers file the new password under the right account. */
export function ChangePasswordForm({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordBody), defaultValues: emptyValues });
  const { errors } = form.formState;
  const [tokensLeft, setTokensLeft] = useState(0);

  const submit = form.handleSubmit((body) =>
    changePassword.mutate(body, {
      onSuccess: ({ apiTokenCount }) => {
        toast({ title: 'Password changed successfully', description: 'Your other devices have been signed out.' });
        form.reset(emptyValues);
        setTokensLeft(apiTokenCount);
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to change password',
          description: serverMessage(error, 'An error occurred while changing your password.'),
        }),
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          lengthRule={accountLengths.password}
          error={errors.currentPassword?.message}
          {...form.register('currentPassword')}
        />
        <NewPasswordFields name="newPassword" />
        <PendingButton type="submit" className="justify-self-start" pending={changePassword.isPending} pendingLabel="Changing...">
          Change password
        </PendingButton>
        {tokensLeft > 0 && <RevokeAllTokensOffer count={tokensLeft} onDone={() => setTokensLeft(0)} />}
      </form>
    </FormProvider>
  );
}
