import { CircleCheck } from 'lucide-react';
import { accountMessages } from '@shared/validation-messages';

/** /auth?verified=true, where the e-mail verification page's "Continue to Login" leads. */
export function VerifiedNotice() {
  return (
    <p role="status" className="flex items-center gap-2 rounded-md border border-border bg-muted p-3 text-sm font-medium">
      <CircleCheck aria-hidden className="size-4 shrink-0 text-primary" />
      {accountMessages.emailVerified}
    </p>
  );
}
