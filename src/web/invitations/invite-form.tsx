import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { sendInvitationBody } from '@shared/invitation-schemas';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useSendInvitation } from './use-invitations';

/** A friend's address; they get a code by e-mail. Disabled once no invitations are left. */
export function InviteForm({ invitesLeft }: { invitesLeft: number }) {
  const send = useSendInvitation();
  const form = useForm({ resolver: zodResolver(sendInvitationBody), defaultValues: { email: '' } });

  const submit = form.handleSubmit(({ email }) =>
    send.mutate(email, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Invitation sent', description: `${email} will get your invitation code by e-mail.` });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Failed to send invitation', description: serverMessage(error, 'Please try again.') }),
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <FormField label="Friend's email" type="email" autoComplete="off" error={form.formState.errors.email?.message} {...form.register('email')} />
      </div>
      <PendingButton type="submit" pending={send.isPending} pendingLabel="Sending..." disabled={invitesLeft === 0}>
        Send invitation
      </PendingButton>
    </form>
  );
}
