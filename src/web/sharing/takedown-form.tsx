import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type TakedownBody, takedownBody } from '@shared/sharing';
import { FormField, TextareaField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { answer, api } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';

const empty = { url: '', reason: '' };

/**
 * /admin/takedowns (docs/sharing.md, Takedown): a public page's or shared link's address and why;
 * "Take down" removes it at once and mails its owner the reason.
 */
export function TakedownForm() {
  const takeDown = useMutation({ mutationFn: (body: TakedownBody) => answer(api.POST('/api/admin/takedowns', { body })) });
  const form = useForm({ resolver: zodResolver(takedownBody), defaultValues: empty });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    takeDown.mutate(body, {
      onSuccess: ({ removed }) => {
        toast({
          title: removed === 'page' ? 'Public page taken down' : 'Shared link taken down',
          description: 'It answers 404 now, and its owner has been mailed the reason.',
        });
        form.reset(empty);
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Not taken down', description: serverMessage(error, 'Please try again.') }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="mt-8 grid max-w-2xl gap-5">
      <FormField
        label="Address of the public page or shared link"
        placeholder="https://…/@handle/category or https://…/s/…"
        inputMode="url"
        autoComplete="off"
        error={errors.url?.message}
        {...form.register('url')}
      />
      <TextareaField label="Reason, mailed to the owner" rows={4} error={errors.reason?.message} {...form.register('reason')} />
      <div>
        <PendingButton type="submit" variant="destructive" pending={takeDown.isPending} pendingLabel="Taking down...">
          Take down
        </PendingButton>
      </div>
    </form>
  );
}
