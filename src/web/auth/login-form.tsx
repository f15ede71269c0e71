import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { accountLengths, loginBody } from '@shared/auth-schemas';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useLogin } from './use-auth-mutations';

interface LoginFormProps {
  defaultEmail: string;
  onSignedIn: () => void;
  /** Opens the forgot-password form with the address typed so far. */
  onForgotPassword: (email: string) => void;
  onRegister: () => void;
}

export function LoginForm({ defaultEmail, onSignedIn, onForgotPassword, onRegister }: LoginFormProps) {
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: defaultEmail, password: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    login.mutate(body, {
      onSuccess: onSignedIn,
      onError: (error) => toast({ variant: 'destructive', title: 'Login failed', description: serverMessage(error, 'Failed to log in') }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        lengthRule={accountLengths.password}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PendingButton type="submit" pending={login.isPending} pendingLabel="Logging in...">
        Log in
      </PendingButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Button type="button" variant="link" onClick={() => onForgotPassword(form.getValues('email'))}>
          Forgot password?
        </Button>
        <Button type="button" variant="link" onClick={onRegister}>
          Create an account
        </Button>
      </div>
    </form>
  );
}
