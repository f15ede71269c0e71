import { format } from 'date-fns';
import type { InboundMail } from '@shared/inbound-mail-schemas';
import { cn } from '@web/lib/cn';

/** The product's date and time format (docs/product/errors-and-limits.md, Constants and timers). */
const DATE_FORMAT = 'MMMM d, yyyy, h:mm a';

/** The last 20 mails the address received: what each became or why it was refused, with SPF, DKIM and DMARC beside it. */
export function ReceivedMails({ mails }: { mails: InboundMail[] }) {
  if (mails.length === 0) return <p className="text-sm text-muted-foreground">No mail received yet.</p>;
  return (
    <ul aria-label="Mails received" className="divide-y divide-border rounded-md border border-border">
      {mails.map((mail) => (
        <li key={mail.id} className="grid gap-1 p-4 text-sm">
          <span className="break-words font-medium">{mail.subject ?? '(no subject)'}</span>
          <span className="break-words text-muted-foreground">
            {mail.from ?? 'Unknown sender'} · {format(new Date(mail.receivedAt), DATE_FORMAT)}
          </span>
          <span className={cn('break-words', mail.outcome === 'refused' && 'font-medium text-red-700 dark:text-red-400')}>
            {mail.detail}
          </span>
          <span className="text-xs text-muted-foreground">
            SPF {mail.auth.spf} · DKIM {mail.auth.dkim} · DMARC {mail.auth.dmarc}
          </span>
        </li>
      ))}
    </ul>
  );
}
