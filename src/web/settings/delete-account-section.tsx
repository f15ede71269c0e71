import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { SettingsSection } from './settings-section';
import { useDeleteAccount } from './use-account-mutations';

export function DeleteAccountSection() {
  const deleteAccount = useDeleteAccount();

  return (
    <SettingsSection
      title="Delete account"
      description="Deletes your account with all your links, categories and API tokens at once, and cancels any subscription. This cannot be undone."
      danger
    >
      <ConfirmDialog
        trigger={<Button variant="destructive">Delete account</Button>}
        title="Delete your account?"
        description="Your account, links, categories and API tokens will be deleted for good, and any subscription ends now. There is no way to get them back."
        confirmLabel="Delete my account"
        pendingLabel="Deleting..."
        action={() => deleteAccount.mutateAsync()}
        onDone={() => toast({ title: 'Account deleted', description: 'Your account and everything in it are gone. Thank you for using Stash.' })}
        onFailed={(error) =>
          toast({ variant: 'destructive', title: 'Failed to delete account', description: serverMessage(error, 'An error occurred while deleting your account.') })
        }
      />
    </SettingsSection>
  );
}
