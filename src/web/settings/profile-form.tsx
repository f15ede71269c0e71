import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { profileBody, type CurrentUser } from '@shared/auth-schemas';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { ApiError } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useUpdateProfile } from './use-account-mutations';

const profileValues = (user: CurrentUser) => ({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', email: user.email });

export function ProfileForm({ user }: { user: CurrentUser }) {
  const updateProfile = useUpdateProfile();
  const form = useForm({ resolver: zodResolver(profileBody), defaultValues: profileValues(user) });
  const { errors } = form.formState;

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
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" autoComplete="given-name" error={errors.firstName?.message} {...form.register('firstName')} />
        <FormField label="Last name" autoComplete="family-name" error={errors.lastName?.message} {...form.register('lastName')} />
      </div>
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        hint="Your digests are sent here. A new address must be confirmed."
        error={errors.email?.message}
        {...form.register('email')}
      />
      <PendingButton type="submit" className="justify-self-start" pending={updateProfile.isPending} pendingLabel="Saving...">
        Save changes
      </PendingButton>
    </form>
  );
}
