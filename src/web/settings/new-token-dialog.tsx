import { TriangleAlert } from 'lucide-react';
import type { CreatedApiToken } from '@shared/auth-schemas';
import { CopyButton } from '@web/components/copy-button';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

interface NewTokenDialogProps {
  /** The token just created, or null when there is none to show. */
  token: CreatedApiToken | null;
  /** Forgets the token: once closed, it cannot be shown again. */
  onClose: () => void;
}

/** The one and only showing of a new API token's secret. */
export function NewTokenDialog({ token, onClose }: NewTokenDialogProps) {
  return (
    <Dialog open={token !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your new API token</DialogTitle>
          <DialogDescription>“{token?.name}” is ready. Paste it into the extension or your script.</DialogDescription>
        </DialogHeader>
        <p role="alert" className="flex gap-2 rounded-md border border-border bg-muted p-3 text-sm">
          <TriangleAlert aria-hidden className="size-4 shrink-0" />
          Copy it now: for your security it won't be shown again.
        </p>
        <div className="grid gap-2">
          <Label htmlFor="new-api-token">Token</Label>
          <div className="flex gap-2">
            <Input
              id="new-api-token"
              value={token?.token ?? ''}
              readOnly
              className="font-mono"
              onFocus={(event) => event.target.select()}
            />
            <CopyButton text={token?.token ?? ''} />
          </div>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
