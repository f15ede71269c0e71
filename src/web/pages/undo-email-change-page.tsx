import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { paths } from '@shared/routes';
import { accountMessages } from '@shared/validation-messages';
import { AuthCard } from '@web/auth/auth-card';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { answer, api } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';

/**
 * /undo-email-change?token=…, the link mailed to the old address after a change. A button, not the
 * visit itself, undoes it: mail scanners open links too.
 */
export function UndoEmailChangePage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const undo = useMutation({
    mutationFn: () => answer(api.POST('/api/auth/undo-email-change', { body: { token } })),
  });

  if (undo.isSuccess) {
    return (
      <AuthCard title="Email address restored" focusTitle>
        <p className="flex items-center gap-2 text-sm">
          <CircleCheck aria-hidden className="size-5 shrink-0 text-primary" />
          {undo.data.message}
        </p>
        <Button asChild>
          <Link href={`${paths.auth}?mode=forgot`}>Reset your password</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Undo the email change"
      description="Your Stash account goes back to this address, and everyone signed in to it is signed out."
    >
      {(!token || undo.isError) && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {token ? serverMessage(undo.error, accountMessages.invalidUndoLink) : accountMessages.invalidUndoLink}
        </p>
      )}
      <PendingButton type="button" pending={undo.isPending} pendingLabel="Restoring..." disabled={!token} onClick={() => undo.mutate()}>
        Restore my email address
      </PendingButton>
    </AuthCard>
  );
}
