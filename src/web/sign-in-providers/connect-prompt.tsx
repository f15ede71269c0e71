import { useEffect } from 'react';
import { connectQuestion } from '@shared/sign-in-providers';
import { AuthCard } from '@web/auth/auth-card';
import { PendingButton } from '@web/components/pending-button';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useAnswerPendingConnection, usePendingConnection } from './use-sign-in-providers';

/**
 * After a password login that a provider sign-in led to: "Connect … account … to Stash?". Nothing
 * is connected without Connect; Not now forgets the provider account. With none waiting (it
 * expired, or it is another address's), the visitor goes straight on.
 */
export function ConnectPrompt({ onDone }: { onDone: () => void }) {
  const pending = usePendingConnection(true);
  const answer = useAnswerPendingConnection();
  const nothingWaiting = pending.isError || (pending.isSuccess && pending.data.pending === null);
  useEffect(() => {
    if (nothingWaiting) onDone();
  }, [nothingWaiting, onDone]);

  const account = pending.data?.pending;
  if (!account) return null;
  const answerWith = (connect: boolean) =>
    answer.mutate(connect, {
      onSuccess: (answered) => {
        if (connect) toast({ title: answered.message });
        onDone();
      },
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not connect', description: serverMessage(error, 'Please try again.') }),
    });

  return (
    <AuthCard
      title={connectQuestion(account.providerName, account)}
      description={`You could then sign in with ${account.providerName} too. You can disconnect it any time in Settings → Security.`}
      focusTitle
    >
      <div className="flex flex-wrap gap-3">
        <PendingButton
          pending={answer.isPending && answer.variables}
          pendingLabel="Connecting..."
          disabled={answer.isPending}
          onClick={() => answerWith(true)}
        >
          Connect
        </PendingButton>
        <PendingButton
          variant="outline"
          pending={answer.isPending && !answer.variables}
          pendingLabel="Please wait..."
          disabled={answer.isPending}
          onClick={() => answerWith(false)}
        >
          Not now
        </PendingButton>
      </div>
    </AuthCard>
  );
}
