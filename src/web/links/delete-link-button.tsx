import { Trash2 } from 'lucide-react';
import type { Link } from '@shared/links-schemas';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/toasts/use-toast';
import { useDeleteLink } from './use-link-mutations';

export function DeleteLinkButton({ link, linkName }: { link: Link; linkName: string }) {
  const deleteLink = useDeleteLink();

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="size-9 px-0 text-muted-foreground hover:text-destructive"
          aria-label={`Delete ${linkName}`}
        >
          <Trash2 aria-hidden />
        </Button>
      }
      title="Delete this link?"
      description={`“${linkName}” will be removed from your stash. This cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      action={() => deleteLink.mutateAsync(link.id)}
      onDone={() => toast({ title: 'Link deleted', description: 'The link has been removed from your stash' })}
      onFailed={() => toast({ variant: 'destructive', title: 'Error', description: 'Failed to delete the link' })}
    />
  );
}
