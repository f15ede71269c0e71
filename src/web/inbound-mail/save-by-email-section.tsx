import { inboundMailMessages } from '@shared/inbound-mail-schemas';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { CopyButton } from '@web/components/copy-button';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { ReceivedMails } from './received-mails';
import { useInboundMail, useRenewInboundAddress } from './use-inbound-mail';

/**
 * Save by e-mail: the user's private address (Settings → Import/Export and /mobile-apps), and in
 * Settings the mails it received. Nothing shows when the server has it off.
 */
export function SaveByEmail({ showReceived }: { showReceived: boolean }) {
  const inbound = useInboundMail();
  const renew = useRenewInboundAddress();
  if (inbound.isPending) return <Spinner label="Loading your address..." />;
  if (inbound.isError) {
    if (isSignedOut(inbound.error)) return null;
    return <p className="text-sm text-muted-foreground">Your address could not be loaded. Reload the page to try again.</p>;
  }
  const { enabled, address, emailVerified, mails } = inbound.data;
  if (!enabled) return null;
  const create = () =>
    renew.mutate(undefined, {
      onError: (error) =>
        toast({ variant: 'destructive', title: 'No address made', description: serverMessage(error, 'Please try again.') }),
    });
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Send or forward links and newsletters to your private address and they land in your stash. On a phone, share a page to Mail and send
        it there: the subject becomes its title. Keep the address to yourself; anyone who has it can add to your stash.
      </p>
      {!emailVerified ? (
        <p className="text-sm">{inboundMailMessages.verifyFirst}</p>
      ) : address ? (
        <div className="grid gap-3">
          <code title="Your save-by-e-mail address" className="break-all rounded-md border border-border bg-muted p-3 text-sm">
            {address}
          </code>
          <div className="flex flex-wrap gap-2">
            <CopyButton text={address} label="Copy the address" />
            <ConfirmDialog
              trigger={<Button variant="outline">Get a new address</Button>}
              title="Get a new address?"
              description="Mail sent to the old address is refused from now on."
              confirmLabel="Get a new address"
              pendingLabel="Making..."
              action={() => renew.mutateAsync()}
              onDone={() => toast({ title: 'New address ready', description: 'The old address no longer works.' })}
              onFailed={(error) =>
                toast({ variant: 'destructive', title: 'No address made', description: serverMessage(error, 'Please try again.') })
              }
            />
          </div>
        </div>
      ) : (
        <div>
          <Button onClick={create} disabled={renew.isPending}>
            {renew.isPending ? 'Making...' : 'Create my address'}
          </Button>
        </div>
      )}
      {showReceived && emailVerified && (
        <section aria-labelledby="mails-received-heading" className="grid gap-2">
          <h3 id="mails-received-heading" className="font-semibold">
            Mails received
          </h3>
          <ReceivedMails mails={mails} />
        </section>
      )}
    </div>
  );
}

/** Nobody is signed in any more: nothing to show. */
function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Whether to show save by e-mail at all: not while the server has it off or nobody is signed in. */
export function isShown(inbound: ReturnType<typeof useInboundMail>): boolean {
  if (inbound.isError) return !isSignedOut(inbound.error);
  return inbound.data?.enabled !== false;
}

/** /mobile-apps: the address in a section of its own, shown only when save by e-mail is on and someone is signed in. */
export function SaveByEmailSection() {
  const inbound = useInboundMail();
  if (!isShown(inbound)) return null;
  return (
    <section aria-labelledby="save-by-email-heading" className="mt-10 grid max-w-2xl gap-4">
      <h2 id="save-by-email-heading" className="text-2xl font-semibold">
        Save by e-mail
      </h2>
      <SaveByEmail showReceived={false} />
    </section>
  );
}
