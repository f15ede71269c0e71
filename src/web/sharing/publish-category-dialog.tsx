import { Globe } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '@shared/auth-schemas';
import type { CategoryItem } from '@shared/links-schemas';
import { paths } from '@shared/routes';
import { MAX_PUBLIC_DESCRIPTION, sharingMessages } from '@shared/sharing';
import { userCan } from '@web/auth/user-can';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { usePublishCategory } from './sharing-queries';

/** A custom category's "Publish": its public page, feeds and options (docs/sharing.md). */
export function PublishCategoryDialog({ category, user }: { category: CategoryItem; user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${category.public ? 'Published' : 'Publish'}: ${category.name}`}>
          <Globe aria-hidden />
          {category.public ? 'Published' : 'Publish'}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Publish “{category.name}”</DialogTitle>
          <DialogDescription>
            Anyone with the address can read this category's links, newest first, and follow them in a feed reader.
          </DialogDescription>
        </DialogHeader>
        {open && <PublishForm category={category} user={user} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PublishForm({ category, user, onDone }: { category: CategoryItem; user: CurrentUser; onDone: () => void }) {
  const publish = usePublishCategory();
  const [description, setDescription] = useState(category.description ?? '');
  const [showNotes, setShowNotes] = useState(category.showNotes);
  const [allowIndexing, setAllowIndexing] = useState(category.allowIndexing);
  const [confirmingUnpublish, setConfirmingUnpublish] = useState(false);
  const ids = { description: useId(), notes: useId(), indexing: useId() };
  const allowed = userCan(user, 'publishCategory');

  const save = (isPublic: boolean) =>
    publish.mutate(
      { id: category.id, public: isPublic, ...(isPublic ? { description, showNotes, allowIndexing } : {}) },
      {
        onSuccess: (saved) => {
          toast({ title: isPublic ? 'Category published' : 'Category unpublished', description: saved.publicUrl ?? 'Its page is gone.' });
          if (!isPublic) onDone();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Could not publish', description: serverMessage(error, 'Please try again.') }),
      },
    );

  if (!allowed && !category.public) {
    return (
      <div className="grid gap-3 text-sm">
        <p>{sharingMessages.publishIsProWhy}</p>
        <Button asChild>
          <Link href={paths.pricing}>Upgrade to Pro</Link>
        </Button>
      </div>
    );
  }
  if (!user.handle) {
    return (
      <div className="grid gap-3 text-sm">
        <p>{sharingMessages.handleNeeded}</p>
        <Button asChild variant="outline">
          <Link href={`${paths.settings}?tab=profile`}>Choose a handle</Link>
        </Button>
      </div>
    );
  }
  const publicUrl = publish.data?.publicUrl ?? category.publicUrl;
  return (
    <div className="grid gap-4">
      {category.public && publicUrl && (
        <p className="text-sm break-all">
          Public page:{' '}
          <a href={publicUrl} className="font-medium text-primary underline" target="_blank" rel="noreferrer">
            {publicUrl}
          </a>
        </p>
      )}
      {!allowed && <p className="text-sm">{sharingMessages.publishIsProWhy}</p>}
      <div className="grid gap-2">
        <Label htmlFor={ids.description}>Description (optional)</Label>
        <Textarea
          id={ids.description}
          value={description}
          maxLength={MAX_PUBLIC_DESCRIPTION}
          disabled={!allowed}
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox id={ids.notes} checked={showNotes} disabled={!allowed} onCheckedChange={(value) => setShowNotes(value === true)} />
        <Label htmlFor={ids.notes}>Show my notes</Label>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={ids.indexing}
          checked={allowIndexing}
          disabled={!allowed}
          onCheckedChange={(value) => setAllowIndexing(value === true)}
        />
        <Label htmlFor={ids.indexing}>Let search engines index this page</Label>
      </div>
      {confirmingUnpublish ? (
        <div role="alert" className="grid gap-3 rounded-md border border-destructive/50 p-3 text-sm">
          <p>{sharingMessages.unpublishWarning}</p>
          <div className="grid gap-2 sm:flex sm:flex-wrap sm:justify-end">
            <Button variant="outline" onClick={() => setConfirmingUnpublish(false)}>
              Keep it published
            </Button>
            <PendingButton variant="destructive" pending={publish.isPending} pendingLabel="Unpublishing..." onClick={() => save(false)}>
              Yes, unpublish
            </PendingButton>
          </div>
        </div>
      ) : (
        <DialogFooter className="gap-2">
          {category.public && (
            <Button variant="outline" onClick={() => setConfirmingUnpublish(true)}>
              Unpublish
            </Button>
          )}
          {allowed && (
            <PendingButton pending={publish.isPending} pendingLabel="Publishing..." onClick={() => save(true)}>
              {category.public ? 'Save' : 'Publish'}
            </PendingButton>
          )}
        </DialogFooter>
      )}
    </div>
  );
}
