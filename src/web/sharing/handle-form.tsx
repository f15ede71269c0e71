import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { CurrentUser } from '@shared/auth-schemas';
import { handleBody, sharingMessages } from '@shared/sharing';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useSetHandle } from './sharing-queries';

/** Settings → Profile: the handle of the user's public pages (/@handle/…). */
export function HandleForm({ user }: { user: CurrentUser }) {
  const setHandle = useSetHandle();
  const form = useForm({ resolver: zodResolver(handleBody), defaultValues: { handle: user.handle ?? '' } });
  const submit = form.handleSubmit(({ handle }) =>
    setHandle.mutate(handle, {
      onSuccess: () => toast({ title: sharingMessages.handleSaved, description: `Your public pages live at /@${handle}/…` }),
      onError: (error) => form.setError('handle', { message: serverMessage(error, 'Please try again.') }),
    }),
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <FormField
          label="Public handle"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="ada-reads"
          error={form.formState.errors.handle?.message}
          {...form.register('handle')}
        />
      </div>
      <PendingButton type="submit" className="sm:mt-6" pending={setHandle.isPending} pendingLabel="Saving...">
        Save handle
      </PendingButton>
    </form>
  );
}
