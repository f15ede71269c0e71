import { Button } from '@web/components/ui/button';
import { AuthCard } from './auth-card';

interface CheckYourEmailProps {
  email: string;
  focusTitle: boolean;
  /** The new account is signed in already: on to where the visitor was going (never back to a login it does not need). */
  onContinue: () => void;
}

/** Shown after registering on /auth until the visitor moves on. */
export function CheckYourEmail({ email, focusTitle, onContinue }: CheckYourEmailProps) {
  return (
    <AuthCard title="Check Your Email" focusTitle={focusTitle}>
      <p className="text-sm">
        We sent a verification link to <strong className="break-all">{email}</strong>. Follow it to confirm your address, so your digests
        reach you.
      </p>
      <p className="text-sm">You are signed in already: your stash is ready for its first link.</p>
      <Button onClick={onContinue}>Continue to Stash</Button>
    </AuthCard>
  );
}
