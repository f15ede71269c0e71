import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useSetCancellation } from './use-billing';

/** Cancel at the end of the paid period, after asking. Pro stays until then. */
export function CancelSubscriptionDialog() {
  const setCancellation = useSetCancellation();

  return (
    <ConfirmDialog
      trigger={<Button variant="outline">Cancel subscription</Button>}
      title="Cancel your subscription?"
      description="You will not be charged again. Pro stays yours until the end of the period you paid for; then your account moves to the free plan."
      cancelLabel="Keep my plan"
      confirmLabel="Cancel subscription"
      pendingLabel="Canceling..."
      action={() => setCancellation.mutateAsync(true)}
      onDone={() =>
        toast({ title: 'Subscription canceled', description: 'You keep every Pro feature until the end of the period you paid for.' })
      }
      onFailed={(error) =>
        toast({ variant: 'destructive', title: 'Failed to cancel', description: serverMessage(error, 'Please try again.') })
      }
    />
  );
}
