import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { accountLengths, createTokenBody, type CreatedApiToken } from '@shared/auth-schemas';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useCreateApiToken } from './use-api-tokens';

export function CreateTokenForm({ onCreated }: { onCreated: (token: CreatedApiToken) => void }) {
  const createToken = useCreateApiToken();
  const form = useForm({ resolver: zodResolver(createTokenBody), defaultValues: { name: '' } });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ name }) =>
    createToken.mutate(name, {
      onSuccess: (token) => {
        form.reset({ name: '' });
        onCreated(token);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to create token', description: serverMessage(error, 'Please try again.') }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <FormField
          label="Token name"
          placeholder="e.g. Chrome extension at work"
          autoComplete="off"
          lengthRule={accountLengths.name}
          error={errors.name?.message}
          {...form.register('name')}
        />
      </div>
      <PendingButton type="submit" className="sm:mt-6" pending={createToken.isPending} pendingLabel="Creating...">
        Create token
      </PendingButton>
    </form>
  );
}
