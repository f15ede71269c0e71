import type { ComponentProps } from 'react';
import { freePlanChoice } from '@shared/billing-messages';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useContinueOnFree } from './use-billing';

/** "Continue on Free": one click turns an ended trial into a free account. */
export function ContinueOnFreeButton(props: Omit<ComponentProps<typeof PendingButton>, 'pending' | 'pendingLabel' | 'onClick'>) {
  const continueOnFree = useContinueOnFree();
  // mutateAsync, not mutate's callbacks: the refreshed account unmounts this button before they would run.
  const choose = () =>
    continueOnFree.mutateAsync().then(
      () => toast({ title: freePlanChoice.switched.title, description: freePlanChoice.switched.text }),
      (error: unknown) =>
        toast({ variant: 'destructive', title: freePlanChoice.failed, description: serverMessage(error, 'Please try again.') }),
    );
  return (
    <PendingButton variant="outline" {...props} pending={continueOnFree.isPending} pendingLabel={freePlanChoice.pending} onClick={choose}>
      {freePlanChoice.action}
    </PendingButton>
  );
}
