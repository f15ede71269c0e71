import { useState, type FormEvent } from 'react';
import { linkLengths } from '@shared/link-lengths';
import { FormField } from '@web/components/form-field';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { useCreateAndPick } from './use-create-and-pick';

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
  const [name, setName] = useState('');

  const close = () => {
    onOpenChange(false);
    setName('');
  };
  const { create, pending } = useCreateAndPick(customNames, onPicked, close);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React passes events up through the portal: the add-link form around this dialog must not submit too.
    event.stopPropagation();
    void create(name);
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
            <PendingButton type="submit" pending={pending} pendingLabel="Creating...">
              Create Category
            </PendingButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
