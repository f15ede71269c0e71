import { CircleCheck, CircleX } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { paths } from '@shared/routes';
import { accountMessages } from '@shared/validation-messages';
import { AuthCard } from '@web/auth/auth-card';
import { useCurrentUser } from '@web/auth/use-current-user';
import { useEmailVerification } from '@web/auth/use-email-verification';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { serverMessage } from '@web/lib/server-message';

/** /verify-email?token=…, where the link of the verification e-mail leads (docs/product/accounts.md, E-mail verification). */
export function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') || null;
  const verification = useEmailVerification(token);
  const signedIn = useCurrentUser().user !== null;

  if (token === null) return <VerificationFailed reason={accountMessages.invalidVerificationLink} signedIn={signedIn} />;
  if (verification.isError)
    return <VerificationFailed reason={serverMessage(verification.error, 'Verification failed')} signedIn={signedIn} />;
  if (verification.isPending) {
    return (
      <AuthCard title="Verifying your email">
        <Spinner label="Verifying your email..." />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Email Verified!" focusTitle>
      <p className="flex items-center gap-2 text-sm">
        <CircleCheck aria-hidden className="size-5 shrink-0 text-primary" />
        {accountMessages.emailVerified} Your digests will reach you.
      </p>
      {/* Someone signed in already (the link opened in the browser they use Stash in) needs no login. */}
      <Button asChild>
        {signedIn ? (
          <Link href={paths.dashboard}>Continue to Stashboard</Link>
        ) : (
          <Link href={`${paths.auth}?verified=true`}>Continue to Login</Link>
        )}
      </Button>
    </AuthCard>
  );
}

function VerificationFailed({ reason, signedIn }: { reason: string; signedIn: boolean }) {
  return (
    <AuthCard title="Verification Failed" focusTitle>
      <p className="flex items-center gap-2 text-sm">
        <CircleX aria-hidden className="size-5 shrink-0 text-red-700 dark:text-red-400" />
        {reason}
      </p>
      <p className="text-sm text-muted-foreground">
        A verification link works once.{' '}
        {signedIn
          ? 'If you have verified your address already, there is nothing more to do.'
          : 'If you have verified your address already, just log in.'}
      </p>
      <Button asChild variant="outline">
        {signedIn ? <Link href={paths.dashboard}>Back to Stashboard</Link> : <Link href={paths.auth}>Back to Login</Link>}
      </Button>
    </AuthCard>
  );
}
