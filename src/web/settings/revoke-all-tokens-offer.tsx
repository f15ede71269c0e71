import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useRevokeAllApiTokens } from './use-api-tokens';

/** After a password change: other sessions ended, but API tokens and connected extensions still work. */
export function RevokeAllTokensOffer({ count, onDone }: { count: number; onDone: () => void }) {
  const revokeAll = useRevokeAllApiTokens();
  return (
    <div role="status" className="grid justify-items-start gap-3 rounded-lg border border-border bg-muted p-4 text-sm">
      <p>
        Your other devices have been signed out, but your {count} API {count === 1 ? 'token still works' : 'tokens still work'} (connected
        extensions and scripts). If you changed your password because someone else may know it, revoke them too.
      </p>
      <ConfirmDialog
        trigger={
          <Button variant="outline" size="sm">
            Revoke all tokens
          </Button>
        }
        title="Revoke every API token?"
        description="Every connected extension and script stops working at once; connect them again afterwards."
        confirmLabel="Revoke all tokens"
        pendingLabel="Revoking..."
        action={() => revokeAll.mutateAsync()}
        onDone={() => {
          toast({ title: 'Tokens revoked', description: 'No API token of yours works any more.' });
          onDone();
        }}
        onFailed={(error) =>
          toast({ variant: 'destructive', title: 'Failed to revoke tokens', description: serverMessage(error, 'Please try again.') })
        }
      />
    </div>
  );
}
