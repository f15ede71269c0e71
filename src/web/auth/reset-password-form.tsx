import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { resetPasswordBody } from '@shared/auth-schemas';
import { resetPasswordMessages } from '@shared/validation-messages';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { NewPasswordFields } from './account-fields';
import { useResetPassword } from './use-auth-mutations';

interface ResetPasswordFormProps {
  token: string;
  /** The account's address, from the checked link. */
  email: string;
  onReset: (email: string) => void;
}

export function ResetPasswordForm({ token, email, onReset }: ResetPasswordFormProps) {
  const resetPassword = useResetPassword();
  const form = useForm({ resolver: zodResolver(resetPasswordBody), defaultValues: { token, password: '', confirmPassword: '' } });

  const submit = form.handleSubmit(
    (body) =>
      resetPassword.mutate(body, {
        onSuccess: (answer) => {
          toast({ title: 'Password reset', description: answer.message });
          onReset(answer.email);
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to reset password', description: serverMessage(error, 'Please try again.') }),
      }),
    // docs/product/accounts.md, Passwords, names these two mistakes in toasts as well as under the fields.
    (invalid) => {
      const message = invalid.password ? resetPasswordMessages.tooShort : invalid.confirmPassword ? resetPasswordMessages.mismatch : null;
      if (message) toast({ variant: 'destructive', title: message.title, description: message.text });
    },
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {/* Lets password managers file the new password under the right account. */}
        <FormField label="Email" type="email" autoComplete="username" value={email} readOnly />
        <NewPasswordFields name="password" />
        <PendingButton type="submit" pending={resetPassword.isPending} pendingLabel="Resetting...">
          Reset password
        </PendingButton>
      </form>
    </FormProvider>
  );
}
