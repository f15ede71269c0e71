import type { CurrentUser } from '@shared/auth-schemas';
import { userCan } from '@web/auth/user-can';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/toasts/use-toast';
import { ProFeatureMark } from './pro-feature-mark';
import { useSendDigestNow } from './use-digest';

/** "Send now" (pro and active trial): the digest previewed below, at once. The toasts of docs/product/digests.md, Send now. */
export function SendNowButton({ user }: { user: CurrentUser }) {
  const sendNow = useSendDigestNow();
  if (!userCan(user, 'sendDigestNow')) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" disabled>
          Send now
        </Button>
        <ProFeatureMark />
      </div>
    );
  }
  const send = () =>
    sendNow.mutate(undefined, {
      onSuccess: ({ success, message }) => toast({ title: success ? 'Success!' : 'Information', description: message }),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to send digest email. Please try again later.' }),
    });
  return (
    <PendingButton
      type="button"
      variant="outline"
      className="justify-self-start"
      pending={sendNow.isPending}
      pendingLabel="Sending..."
      disabled={Boolean(user.mailSuppressedAt)}
      onClick={send}
    >
      Send now
    </PendingButton>
  );
}
