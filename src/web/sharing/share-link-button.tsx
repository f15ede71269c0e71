import { Share2 } from 'lucide-react';
import { useState } from 'react';
import { useOnDemand } from '@web/components/use-on-demand';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useShareLink } from './sharing-queries';

const importDialog = () => import('./share-link-dialog').then(({ ShareLinkDialog }) => ShareLinkDialog);

/**
 * A link's "Share": a new address that shows its readable copy to anyone; revoked in Settings → Sharing.
 * The dialog showing the address loads with the first press, while the address is made.
 */
export function ShareLinkButton({ linkId, linkName }: { linkId: string; linkName: string }) {
  const share = useShareLink();
  const [ShareLinkDialog, load] = useOnDemand(importDialog);
  const [open, setOpen] = useState(false);
  const start = () => {
    if (!ShareLinkDialog) load();
    share.mutate(linkId, {
      onSuccess: () => setOpen(true),
      onError: (error) =>
        toast({ variant: 'destructive', title: 'Could not share', description: serverMessage(error, 'Please try again.') }),
    });
  };
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
      {ShareLinkDialog && <ShareLinkDialog url={share.data?.shareUrl ?? ''} open={open} onOpenChange={setOpen} />}
    </>
  );
}
