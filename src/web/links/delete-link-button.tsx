import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { Link } from '@shared/links-schemas';
import { PendingButton } from '@web/components/pending-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/toasts/use-toast';
import { useDeleteLink } from './use-link-mutations';

export function DeleteLinkButton({ link, linkName }: { link: Link; linkName: string }) {
  const deleteLink = useDeleteLink();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    // mutateAsync, not mutate(…, callbacks): the row (and this button) is gone once the lists refresh.
    try {
      await deleteLink.mutateAsync(link.id);
      setConfirming(false);
      toast({ title: 'Link deleted', description: 'The link has been removed from your stash' });
    } catch {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete the link' });
    }
  };

  return (
    <AlertDialog open={confirming} onOpenChange={(open) => !deleteLink.isPending && setConfirming(open)}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" className="size-9 px-0 text-muted-foreground hover:text-destructive" aria-label={`Delete ${linkName}`}>
          <Trash2 aria-hidden />
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete this link?</AlertDialogTitle>
          <AlertDialogDescription>“{linkName}” will be removed from your stash. This cannot be undone.</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteLink.isPending}>Cancel</AlertDialogCancel>
          <PendingButton variant="destructive" pending={deleteLink.isPending} pendingLabel="Deleting..." onClick={confirm}>
            Delete
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
