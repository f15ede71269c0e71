import { accountMessages } from '@shared/validation-messages';
import { Button } from '@web/components/ui/button';
import { AuthCard } from './auth-card';

/** Shown after a forgot-password request; says the same whether or not the address has an account. */
export function ResetEmailSent({ focusTitle, onBackToLogin }: { focusTitle: boolean; onBackToLogin: () => void }) {
  return (
    <AuthCard title="Reset email sent" focusTitle={focusTitle}>
      <p className="text-sm">{accountMessages.resetLinkSent}</p>
      <p className="text-sm text-muted-foreground">The link works once, for one hour. Check your spam folder if it does not arrive.</p>
      <Button onClick={onBackToLogin}>Back to Login</Button>
    </AuthCard>
  );
}
