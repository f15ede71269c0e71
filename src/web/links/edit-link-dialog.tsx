import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactElement } from 'react';
import { useForm } from 'react-hook-form';
import type { CurrentUser } from '@shared/auth-schemas';
import { saveLinkBody, type Link } from '@shared/links-schemas';
import { userCan } from '@web/auth/user-can';
import { CategoryPicker } from '@web/categories/category-picker';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
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
import { useEditLink } from './use-link-mutations';

/** The save form's title and notes rules (saveLinkBody), and its category picker. */
const editFields = saveLinkBody.pick({ title: true, notes: true });

/** Opened by `trigger` (edit-link-button.tsx), which loads it on its first press: it starts open. */
export function EditLinkDialog({ link, user, trigger }: { link: Link; user: CurrentUser; trigger: ReactElement }) {
  const [open, setOpen] = useState(true);
  const editLink = useEditLink();
  const form = useForm({ resolver: zodResolver(editFields), defaultValues: { title: link.title ?? '', notes: link.notes ?? '' } });
  const [picked, setPicked] = useState<string[]>(link.categories.filter((name) => name !== 'Uncategorized'));

  const submit = form.handleSubmit(({ title, notes }) =>
    editLink.mutate(
      { id: link.id, title: title ?? '', notes: notes ?? '', categories: picked },
      {
        onSuccess: () => {
          toast({ title: 'Link updated' });
          setOpen(false);
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update link',
            description: serverMessage(error, 'An error occurred while updating the link.'),
          }),
      },
    ),
  );

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          form.reset({ title: link.title ?? '', notes: link.notes ?? '' });
          setPicked(link.categories.filter((name) => name !== 'Uncategorized'));
        }
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      {/* On a short screen the fields scroll between the heading and Save, which stay in view. */}
      <DialogContent className="flex flex-col overflow-hidden">
        <DialogHeader>
          <DialogTitle>Edit link</DialogTitle>
          <DialogDescription className="line-clamp-2 break-all">{link.url}</DialogDescription>
        </DialogHeader>
        <form aria-label="Edit link" onSubmit={submit} noValidate className="flex min-h-0 flex-col gap-4">
          <div className="-mx-1 grid min-h-0 gap-5 overflow-y-auto px-1 pb-1">
            <FormField
              label="Title"
              hint="Leave empty to use the page's title."
              error={form.formState.errors.title?.message}
              {...form.register('title')}
            />
            <div className="grid gap-2">
              <Label htmlFor={`edit-notes-${link.id}`}>Notes</Label>
              <Textarea
                id={`edit-notes-${link.id}`}
                rows={2}
                className="min-h-0"
                placeholder="Why do you want to read this? (optional)"
                {...form.register('notes')}
              />
              {form.formState.errors.notes && <p className="text-sm text-destructive">{form.formState.errors.notes.message}</p>}
            </div>
            <CategoryPicker picked={picked} onChange={setPicked} canUseCustom={userCan(user, 'createCustomCategory')} />
          </div>
          <DialogFooter>
            <PendingButton type="submit" pending={editLink.isPending} pendingLabel="Saving...">
              Save changes
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
