import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/auth-schemas';
import { accountMessages } from '@shared/validation-messages';
import { PendingButton } from '@web/components/pending-button';
import { answer, api } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';

/** POST /api/auth/resend-verification: a fresh link, the previous one stops working. */
function useResendVerification() {
  return useMutation({ mutationFn: () => answer(api.POST('/api/auth/resend-verification')) });
}

/**
 * While the address is unverified: why no digest, test e-mail or invitation goes out, and a fresh
 * verification link on request (docs/product/accounts.md, Verified addresses).
 */
export function VerifyEmailNotice({ user }: { user: Pick<CurrentUser, 'email' | 'emailVerified'> }) {
  const titleId = useId();
  const resend = useResendVerification();
  if (user.emailVerified) return null;
  const send = () =>
    resend.mutate(undefined, {
      onSuccess: ({ message }) => toast({ title: 'Verification email sent', description: message }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to send verification email',
          description: serverMessage(error, 'Please try again later.'),
        }),
    });

  return (
    <section aria-labelledby={titleId} className="grid justify-items-start gap-3 rounded-lg border border-border bg-muted p-4">
      <h2 id={titleId} className="font-semibold">
        Verify your email address
      </h2>
      <p className="text-sm">
        {accountMessages.verifyFirst} Open the link we sent to <strong className="break-all">{user.email}</strong>.
      </p>
      <PendingButton type="button" size="sm" variant="outline" pending={resend.isPending} pendingLabel="Sending..." onClick={send}>
        Resend verification email
      </PendingButton>
    </section>
  );
}
