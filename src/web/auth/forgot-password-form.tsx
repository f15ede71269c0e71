import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { forgotPasswordBody } from '@shared/auth-schemas';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useForgotPassword } from './use-auth-mutations';

interface ForgotPasswordFormProps {
  defaultEmail: string;
  onSent: (email: string) => void;
  onBackToLogin: (email: string) => void;
}

export function ForgotPasswordForm({ defaultEmail, onSent, onBackToLogin }: ForgotPasswordFormProps) {
  const forgotPassword = useForgotPassword();
  const form = useForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: defaultEmail } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ email }) =>
    forgotPassword.mutate(email, {
      onSuccess: () => onSent(email),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to send reset email', description: serverMessage(error, 'Please try again.') }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <PendingButton type="submit" pending={forgotPassword.isPending} pendingLabel="Sending...">
        Send reset link
      </PendingButton>
      <Button type="button" variant="link" className="justify-self-start text-sm" onClick={() => onBackToLogin(form.getValues('email'))}>
        Back to Login
      </Button>
    </form>
  );
}
