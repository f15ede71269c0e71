import { ExternalLink } from 'lucide-react';
import type { CurrentUser } from '@shared/auth-schemas';
import { useCustomCategories } from '@web/categories/category-queries';
import { PublishCategoryDialog } from '@web/sharing/publish-category-dialog';

/**
 * The category My Stash is filtered by, when it is one of the user's own: its menu of actions,
 * Publish (as in Settings → Categories) and, once published, its public page (docs/sharing.md).
 */
export function ChosenCategoryActions({ name, user }: { name: string; user: CurrentUser }) {
  const categories = useCustomCategories();
  const category = categories.data?.find((item) => item.name === name);
  if (!category) return null;
  return (
    <div role="group" aria-label={`Category ${category.name}`} className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{category.name}</span>
      <PublishCategoryDialog category={category} user={user} />
      {category.public && category.publicUrl && (
        <a
          href={category.publicUrl}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-sm text-primary underline"
        >
          Open its public page
          <ExternalLink aria-hidden className="size-3.5" />
        </a>
      )}
    </div>
  );
}
