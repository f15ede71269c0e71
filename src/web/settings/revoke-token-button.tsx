import type { ApiToken } from '@shared/auth-schemas';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useRevokeApiToken } from './use-api-tokens';

export function RevokeTokenButton({ token }: { token: ApiToken }) {
  const revokeToken = useRevokeApiToken();

  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      }
      title={`Revoke “${token.name}”?`}
      description="Anything using this token (the extension, a script) stops working at once."
      confirmLabel="Revoke token"
      pendingLabel="Revoking..."
      action={() => revokeToken.mutateAsync(token.id)}
      onDone={() => toast({ title: 'Token revoked', description: `“${token.name}” no longer works.` })}
      onFailed={(error) =>
        toast({ variant: 'destructive', title: 'Failed to revoke token', description: serverMessage(error, 'Please try again.') })
      }
    />
  );
}
