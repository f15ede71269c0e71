import { Link } from 'wouter';
import type { CurrentUser } from '@shared/auth-schemas';
import { digestMessages } from '@shared/digest-schemas';
import { paths } from '@shared/routes';
import { Button } from '@web/components/ui/button';

/** Shown while the address is suppressed (a hard bounce or a complaint): Profile's address change is the way back. */
export function MailSuppressedNotice({ reason }: { reason: CurrentUser['mailSuppressedReason'] }) {
  return (
    <section aria-labelledby="mail-suppressed-title" className="grid justify-items-start gap-3 rounded-lg border border-destructive p-4">
      <h2 id="mail-suppressed-title" className="font-semibold">
        Digests are paused
      </h2>
      <p className="text-sm">{digestMessages.suppressed(reason)}</p>
      <Button asChild size="sm" variant="outline">
        <Link href={`${paths.settings}?tab=profile`}>Change your email address</Link>
      </Button>
    </section>
  );
}
