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
import { useSetCancellation } from './use-billing';

/** Cancel at the end of the paid period, after asking. Pro stays until then. */
export function CancelSubscriptionDialog() {
  const setCancellation = useSetCancellation();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    setCancellation.mutate(true, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Subscription canceled', description: 'You keep every Pro feature until the end of the period you paid for.' });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Failed to cancel', description: serverMessage(error, 'Please try again.') }),
    });

  return (
    <AlertDialog open={open} onOpenChange={(next) => !setCancellation.isPending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline">Cancel subscription</Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel your subscription?</AlertDialogTitle>
          <AlertDialogDescription>
            You will not be charged again. Pro stays yours until the end of the period you paid for; then your account moves to the free plan.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={setCancellation.isPending}>Keep my plan</AlertDialogCancel>
          <PendingButton variant="destructive" pending={setCancellation.isPending} pendingLabel="Canceling..." onClick={confirm}>
            Cancel subscription
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
