import { findCategoryName } from '@shared/categories';
import { categoryMessages } from '@shared/link-messages';
import { ApiError } from '@web/lib/api';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';
import { useCreateCategory } from './use-category-mutations';

/**
 * Creates a custom category and picks it, with the name rules and toasts of docs/product/categories.md,
 * Custom categories: a name that exists already (in any case) is picked rather than created.
 * `onDone` runs once the name is picked.
 */
export function useCreateAndPick(customNames: readonly string[], onPicked: (name: string) => void, onDone: () => void = () => {}) {
  const createCategory = useCreateCategory();

  const pickExisting = (existing: string) => {
    toast({ title: categoryMessages.alreadyExists, description: categoryMessages.alreadyExistsSelected(existing) });
    onPicked(existing);
    onDone();
  };

  const create = async (name: string) => {
    // Loaded on the first category made, not with the Stashboard: the schema brings zod, a
    // sixth of the Stashboard's first load (bench/landing-js.mjs).
    const schemas = await import('@shared/links-schemas').catch(() => undefined);
    if (!schemas) {
      toast({ variant: 'destructive', title: 'Failed to create category', description: 'Check your connection and try again.' });
      return;
    }
    const parsed = schemas.categoryNameField.safeParse(name);
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
        onDone();
      },
      onError: (error) => {
        // Created meanwhile in another tab: the server's unique name check has the last word.
        if (error instanceof ApiError && error.status === 409) return pickExisting(parsed.data);
        toast({
          variant: 'destructive',
          title: 'Failed to create category',
          description: serverMessage(error, 'An error occurred while creating the category.'),
        });
      },
    });
  };

  return { create, pending: createCategory.isPending };
}
