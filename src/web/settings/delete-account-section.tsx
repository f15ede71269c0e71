import { Download } from 'lucide-react';
import { useState } from 'react';
import { useCurrentUser } from '@web/auth/use-current-user';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { FormField } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { SettingsSection } from './settings-section';
import { useDeleteAccount } from './use-account-mutations';

/**
 * Deleting the account, after the export it offers first; confirmed with the password, or, for an
 * account signed in through a provider (no password), by typing its e-mail address.
 */
export function DeleteAccountSection() {
  const { user } = useCurrentUser();
  const deleteAccount = useDeleteAccount();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string>();
  if (!user) return null;
  const withPassword = user.authProvider === 'email';

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
        action={() => deleteAccount.mutateAsync(withPassword ? { password: answer } : { email: answer })}
        onDone={() =>
          toast({ title: 'Account deleted', description: 'Your account and everything in it are gone. Thank you for using Stash.' })
        }
        onFailed={(failure) => {
          const field = failure instanceof ApiError ? Object.values(failure.body?.fields ?? {})[0] : undefined;
          setError(field);
          if (!field)
            toast({
              variant: 'destructive',
              title: 'Failed to delete account',
              description: serverMessage(failure, 'An error occurred while deleting your account.'),
            });
        }}
      >
        <div className="grid gap-4">
          <div className="grid gap-2 rounded-md border border-border p-3 text-sm">
            <p>
              Keep a copy first: this file holds every link with its notes, categories and dates (CSV and bookmark files are under
              Import/Export).
            </p>
            <Button asChild variant="outline" size="sm" className="justify-self-start">
              <a href="/api/export/json" download>
                <Download aria-hidden />
                Download my links (JSON)
              </a>
            </Button>
          </div>
          <FormField
            label={withPassword ? 'Your password' : `Type ${user.email} to confirm`}
            type={withPassword ? 'password' : 'email'}
            autoComplete={withPassword ? 'current-password' : 'off'}
            value={answer}
            error={error}
            onChange={(event) => {
              setAnswer(event.target.value);
              setError(undefined);
            }}
          />
        </div>
      </ConfirmDialog>
    </SettingsSection>
  );
}
