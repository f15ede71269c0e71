import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { profileBody, type CurrentUser, type ProfileBody } from '@shared/auth-schemas';
import { accountMessages } from '@shared/validation-messages';
import { EmailField, NameFields } from '@web/auth/account-fields';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { ApiError } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useUpdateProfile } from './use-account-mutations';

const profileValues = (user: CurrentUser): ProfileBody => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  currentPassword: '',
});

export function ProfileForm({ user }: { user: CurrentUser }) {
  const updateProfile = useUpdateProfile();
  const form = useForm({ resolver: zodResolver(profileBody), defaultValues: profileValues(user) });

  // A new address needs the current password (accounts that have one).
  const asksPassword = user.authProvider === 'email' && form.watch('email').trim().toLowerCase() !== user.email.toLowerCase();

  const submit = form.handleSubmit(({ currentPassword, ...body }) =>
    updateProfile.mutate(asksPassword ? { ...body, currentPassword } : body, {
      onSuccess: (updated) => {
        const requested = updated.pendingEmail !== null && updated.pendingEmail !== user.pendingEmail;
        toast({
          title: 'Profile updated',
          description: requested ? accountMessages.emailChangeRequested(updated.pendingEmail!) : 'Your changes are saved.',
        });
        form.reset(profileValues(updated));
      },
      onError: (error) => {
        const message = serverMessage(error, 'An error occurred while updating your profile.');
        if (error instanceof ApiError && error.body?.fields?.email) form.setError('email', { message: error.body.fields.email });
        if (error instanceof ApiError && error.body?.fields?.currentPassword)
          form.setError('currentPassword', { message: error.body.fields.currentPassword });
        toast({ variant: 'destructive', title: 'Failed to update profile', description: message });
      },
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <NameFields />
        <EmailField
          hint={
            user.pendingEmail
              ? `Waiting for you to open the link we sent to ${user.pendingEmail}; until then your digests go here.`
              : 'Your digests are sent here. A new address takes effect once you open the link we send to it.'
          }
        />
        {asksPassword && (
          <FormField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={form.formState.errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
        )}
        <PendingButton type="submit" className="justify-self-start" pending={updateProfile.isPending} pendingLabel="Saving...">
          Save changes
        </PendingButton>
      </form>
    </FormProvider>
  );
}
