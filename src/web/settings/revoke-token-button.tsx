import { useState } from 'react';
import type { ApiToken } from '@shared/auth-schemas';
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
import { useRevokeApiToken } from './use-api-tokens';

export function RevokeTokenButton({ token }: { token: ApiToken }) {
  const revokeToken = useRevokeApiToken();
  const [confirming, setConfirming] = useState(false);

  const revoke = () =>
    revokeToken.mutate(token.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Token revoked', description: `“${token.name}” no longer works.` });
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Failed to revoke token', description: serverMessage(error, 'Please try again.') }),
    });

  return (
    <AlertDialog open={confirming} onOpenChange={(open) => !revokeToken.isPending && setConfirming(open)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Revoke “{token.name}”?</AlertDialogTitle>
          <AlertDialogDescription>Anything using this token (the extension, a script) stops working at once.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revokeToken.isPending}>Cancel</AlertDialogCancel>
          <PendingButton variant="destructive" pending={revokeToken.isPending} pendingLabel="Revoking..." onClick={revoke}>
            Revoke token
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
