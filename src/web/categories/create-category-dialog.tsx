import { useState, type FormEvent } from 'react';
import { findCategoryName } from '@shared/categories';
import { categoryMessages } from '@shared/link-messages';
import { linkLengths } from '@shared/link-lengths';
import { categoryNameField } from '@shared/links-schemas';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { ApiError } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useCreateCategory } from './use-category-mutations';

interface CreateCategoryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user's custom categories, to catch a name that exists already (in any case). */
  customNames: readonly string[];
  /** Called with the new category, or the existing one the name matched: the caller picks it. */
  onPicked: (name: string) => void;
}

/** The 'Create new category' dialog, with the name rules and toasts of docs/product/categories.md, Custom categories. */
export function CreateCategoryDialog({ open, onOpenChange, customNames, onPicked }: CreateCategoryDialogProps) {
  const createCategory = useCreateCategory();
  const [name, setName] = useState('');

  const close = () => {
    onOpenChange(false);
    setName('');
  };
  const pickExisting = (existing: string) => {
    toast({ title: categoryMessages.alreadyExists, description: categoryMessages.alreadyExistsSelected(existing) });
    onPicked(existing);
    close();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React passes events up through the portal: the add-link form around this dialog must not submit too.
    event.stopPropagation();
    const parsed = categoryNameField.safeParse(name);
    if (!parsed.success) {
      toast({ variant: 'destructive', title: categoryMessages.nameInvalid.title, description: parsed.error.issues[0].message });
      return;
    }
    const existing = findCategoryName(parsed.data, customNames);
    if (existing) return pickExisting(existing);
    createCategory.mutate(parsed.data, {
      onSuccess: (created) => {
        toast({ title: 'Category created!', description: `"${created.name}" category has been added and selected.` });
        onPicked(created.name);
        close();
      },
      onError: (error) => {
        // Created meanwhile in another tab: the server's unique name check has the last word.
        if (error instanceof ApiError && error.status === 409) return pickExisting(parsed.data);
        toast({ variant: 'destructive', title: 'Failed to create category', description: serverMessage(error, 'An error occurred while creating the category.') });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Create new category</DialogTitle>
            <DialogDescription>It is added to your categories and picked for this link.</DialogDescription>
          </DialogHeader>
          <FormField
            label="Category Name"
            id="new-category-name"
            value={name}
            lengthRule={linkLengths.categoryName}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <PendingButton type="submit" pending={createCategory.isPending} pendingLabel="Creating...">
              Create Category
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
