import { Trash2 } from 'lucide-react';
import { cloneElement } from 'react';
import type { Link } from '@shared/links-schemas';
import { Button } from '@web/components/ui/button';
import { useOnDemand } from '@web/components/use-on-demand';
import { toast } from '@web/toasts/use-toast';
import { useDeleteLink } from './use-link-mutations';

const importDialog = () => import('@web/components/confirm-dialog').then(({ ConfirmDialog }) => ConfirmDialog);

/** A row's Delete button: the confirmation dialog loads when it is first pressed, and opens then. */
export function DeleteLinkButton({ link, linkName }: { link: Link; linkName: string }) {
  const deleteLink = useDeleteLink();
  const [ConfirmDialog, load] = useOnDemand(importDialog);
  const button = (
    <Button
      variant="ghost"
      size="sm"
      className="size-9 px-0 text-muted-foreground hover:text-destructive"
      aria-label={`Delete ${linkName}`}
      aria-haspopup="dialog"
    >
      <Trash2 aria-hidden />
    </Button>
  );
  if (!ConfirmDialog) return cloneElement(button, { onClick: load });

  return (
    <ConfirmDialog
      startOpen
      trigger={button}
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
