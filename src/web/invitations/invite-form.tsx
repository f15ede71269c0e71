import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { invitationMessages, sendInvitationBody } from '@shared/invitation-schemas';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useSendInvitation } from './use-invitations';

/** A friend's address; they get a code by e-mail. With none left, an address already invited can still get its code again. */
export function InviteForm() {
  const send = useSendInvitation();
  const form = useForm({ resolver: zodResolver(sendInvitationBody), defaultValues: { email: '' } });

  const submit = form.handleSubmit(({ email }) =>
    send.mutate(email, {
      onSuccess: ({ resent }) => {
        form.reset();
        const { title, text } = resent ? invitationMessages.resent(email) : invitationMessages.sent(email);
        toast({ title, description: text });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to send invitation', description: serverMessage(error, 'Please try again.') }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <FormField
          label="Friend's email"
          type="email"
          autoComplete="off"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
      </div>
      <PendingButton type="submit" pending={send.isPending} pendingLabel="Sending...">
        Send invitation
      </PendingButton>
    </form>
  );
}
