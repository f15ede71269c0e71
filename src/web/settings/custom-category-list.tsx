import { Trash2 } from 'lucide-react';
import type { CurrentUser } from '@shared/auth-schemas';
import type { CategoryItem } from '@shared/links-schemas';
import { PublishCategoryDialog } from '@web/sharing/publish-category-dialog';
import { useCustomCategories } from '@web/categories/category-queries';
import { useDeleteCategory } from '@web/categories/use-category-mutations';
import { PendingButton } from '@web/components/pending-button';
import { Spinner } from '@web/components/ui/spinner';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/toasts/use-toast';

export function CustomCategoryList({ user }: { user: CurrentUser }) {
  const categories = useCustomCategories();

  if (categories.isPending) return <Spinner label="Loading categories..." />;
  if (categories.isError)
    return <p className="text-sm text-muted-foreground">Your categories could not be loaded. Reload the page to try again.</p>;
  if (categories.data.length === 0) return <p className="text-sm text-muted-foreground">No custom categories yet.</p>;

  return (
    <ul aria-label="Your categories" className="divide-y divide-border rounded-md border border-border">
      {categories.data.map((category) => (
        <li key={category.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
          <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{category.name}</span>
          <span className="flex shrink-0 items-center gap-1">
            <PublishCategoryDialog category={category} user={user} />
            <DeleteCategoryButton category={category} />
          </span>
        </li>
      ))}
    </ul>
  );
}

function DeleteCategoryButton({ category }: { category: CategoryItem }) {
  const deleteCategory = useDeleteCategory();
  const remove = async () => {
    // mutateAsync: the row (and this button) is gone once the list refreshes.
    try {
      await deleteCategory.mutateAsync(category.id);
      toast({ title: 'Category deleted', description: `"${category.name}" is gone; links that have it keep it.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to delete category', description: serverMessage(error, 'Please try again.') });
    }
  };
  return (
    <PendingButton
      variant="ghost"
      size="sm"
      pending={deleteCategory.isPending}
      pendingLabel="Deleting..."
      aria-label={`Delete ${category.name}`}
      onClick={remove}
    >
      <Trash2 aria-hidden />
      Delete
    </PendingButton>
  );
}
