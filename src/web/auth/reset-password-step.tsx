import { useEffect } from 'react';
import { accountMessages } from '@shared/validation-messages';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api';
import { toast } from '@web/toasts/use-toast';
import { AuthCard } from './auth-card';
import { ResetPasswordForm } from './reset-password-form';
import { useResetLinkEmail } from './use-reset-link';

interface ResetPasswordStepProps {
  token: string;
  focusTitle: boolean;
  onReset: (email: string) => void;
  /** The link cannot be used: ask for a new one. */
  onUnusableLink: () => void;
}

/** /auth?mode=reset&token=…: checks the link first, then asks for the new password. */
export function ResetPasswordStep({ token, focusTitle, onReset, onUnusableLink }: ResetPasswordStepProps) {
  const resetLink = useResetLinkEmail(token);
  const { error } = resetLink;

  useEffect(() => {
    if (!error) return;
    // The server answers 400 for a link that is unknown, used or expired; anything else is the connection.
    if (error instanceof ApiError && error.status === 400) {
      toast({ variant: 'destructive', title: accountMessages.invalidResetLink, description: 'Please ask for a new link below.' });
    } else {
      toast({
        variant: 'destructive',
        title: 'Error verifying reset link',
        description: 'Please check your connection and ask for a new link.',
      });
    }
    onUnusableLink();
  }, [error, onUnusableLink]);

  return (
    <AuthCard title="Choose a new password" focusTitle={focusTitle}>
      {resetLink.data ? (
        <ResetPasswordForm token={token} email={resetLink.data.email} onReset={onReset} />
      ) : (
        <Spinner label="Checking your reset link..." />
      )}
    </AuthCard>
  );
}
