import { useState } from 'react';
import { PendingButton } from '@web/components/pending-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { SettingsSection } from './settings-section';
import { useDeleteAccount } from './use-account-mutations';

export function DeleteAccountSection() {
  const deleteAccount = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);

  const confirm = () =>
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Account deleted', description: 'Your account and everything in it are gone. Thank you for using Stash.' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to delete account',
          description: serverMessage(error, 'An error occurred while deleting your account.'),
        }),
    });

  return (
    <SettingsSection
      title="Delete account"
      description="Deletes your account with all your links, categories and API tokens at once, and cancels any subscription. This cannot be undone."
      danger
    >
      {/* The dialog stays open, its button busy, until the server has answered. */}
      <AlertDialog open={confirming} onOpenChange={(open) => !deleteAccount.isPending && setConfirming(open)}>
        <AlertDialogTrigger asChild>
          <Button variant="destructive">Delete account</Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              Your account, links, categories and API tokens will be deleted for good, and any subscription ends now. There is no way to get them back.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleteAccount.isPending}>Cancel</AlertDialogCancel>
            <PendingButton variant="destructive" pending={deleteAccount.isPending} pendingLabel="Deleting..." onClick={confirm}>
              Delete my account
            </PendingButton>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </SettingsSection>
  );
}
