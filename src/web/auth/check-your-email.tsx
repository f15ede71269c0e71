import { Button } from '@web/components/ui/button';
import { AuthCard } from './auth-card';

interface CheckYourEmailProps {
  email: string;
  focusTitle: boolean;
  /** The new account is signed in already: on to where the visitor was going. */
  onContinue: () => void;
  onBackToLogin: () => void;
}

/** Shown after registering on /auth until the visitor moves on. */
export function CheckYourEmail({ email, focusTitle, onContinue, onBackToLogin }: CheckYourEmailProps) {
  return (
    <AuthCard title="Check Your Email" focusTitle={focusTitle}>
      <p className="text-sm">
        We sent a verification link to <strong className="break-all">{email}</strong>. Follow it to confirm your address, so your digests
        reach you.
      </p>
      <Button onClick={onContinue}>Continue to Stash</Button>
      <Button variant="outline" onClick={onBackToLogin}>
        Back to Login
      </Button>
    </AuthCard>
  );
}
