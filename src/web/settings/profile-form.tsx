import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { profileBody, type CurrentUser } from '@shared/auth-schemas';
import { EmailField, NameFields } from '@web/auth/account-fields';
import { PendingButton } from '@web/components/pending-button';
import { ApiError } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useUpdateProfile } from './use-account-mutations';

const profileValues = (user: CurrentUser) => ({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email });

export function ProfileForm({ user }: { user: CurrentUser }) {
  const updateProfile = useUpdateProfile();
  const form = useForm({ resolver: zodResolver(profileBody), defaultValues: profileValues(user) });

  const submit = form.handleSubmit((body) =>
    updateProfile.mutate(body, {
      onSuccess: (updated) => {
        const emailChanged = updated.email !== user.email;
        toast({
          title: 'Profile updated',
          description: emailChanged ? 'We sent a link to your new address: follow it to confirm the change.' : 'Your changes are saved.',
        });
        form.reset(profileValues(updated));
      },
      onError: (error) => {
        const message = serverMessage(error, 'An error occurred while updating your profile.');
        if (error instanceof ApiError && error.body?.fields?.email) form.setError('email', { message: error.body.fields.email });
        toast({ variant: 'destructive', title: 'Failed to update profile', description: message });
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <NameFields />
        <EmailField hint="Your digests are sent here. A new address must be confirmed." />
        <PendingButton type="submit" className="justify-self-start" pending={updateProfile.isPending} pendingLabel="Saving...">
          Save changes
        </PendingButton>
      </form>
    </FormProvider>
  );
}
