import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/toasts/use-toast';

/** The address a link was just shared at, to copy (share-link-button.tsx loads it on the first Share). */
export function ShareLinkDialog({ url, open, onOpenChange }: { url: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share this link</DialogTitle>
          <DialogDescription>
            Anyone with this address sees the readable copy and the original address, never your notes or categories. Revoke it any time in
            Settings → Sharing.
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
  );
}
