import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useShareLink } from './sharing-queries';

/** A link's "Share": a new address that shows its readable copy to anyone; revoked in Settings → Sharing. */
export function ShareLinkButton({ linkId, linkName }: { linkId: string; linkName: string }) {
  const share = useShareLink();
  const [open, setOpen] = useState(false);
  const start = () =>
    share.mutate(linkId, {
      onSuccess: () => setOpen(true),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not share', description: serverMessage(error, 'Please try again.') }),
    });
  const url = share.data?.shareUrl ?? '';
  return (
    <>
      <button
        type="button"
        onClick={start}
        disabled={share.isPending}
        className="inline-flex items-center gap-1 font-medium text-foreground hover:underline"
      >
        <Share2 aria-hidden className="size-3.5" />
        Share<span className="sr-only"> {linkName}</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Share this link</DialogTitle>
            <DialogDescription>
              Anyone with this address sees the readable copy and the original address, never your notes or categories. Revoke it any time
              in Settings → Sharing.
            </DialogDescription>
          </DialogHeader>
          <p className="rounded-md border border-border p-2 text-sm break-all">{url}</p>
          <Button
            onClick={() =>
              void navigator.clipboard?.writeText(url).then(
                () => toast({ title: 'Copied' }),
                () => undefined,
              )
            }
          >
            Copy address
          </Button>
        </DialogContent>
      </Dialog>
    </>
  );
}
