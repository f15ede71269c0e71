import { Skeleton } from '@web/components/ui/skeleton';

/** docs/product/links.md, The link list: three groups of placeholder rows while the links load. */
const SKELETON_GROUPS = 3;
const ROWS_PER_GROUP = 2;

export function LinkListSkeleton() {
  return (
    <div role="status" aria-busy className="grid gap-6">
      <span className="sr-only">Loading links...</span>
      {Array.from({ length: SKELETON_GROUPS }, (_, group) => (
        <div key={group} className="grid gap-3">
          <Skeleton className="h-6 w-48" />
          {Array.from({ length: ROWS_PER_GROUP }, (_, row) => (
            <Skeleton key={row} className="h-20 w-full" />
          ))}
        </div>
      ))}
    </div>
  );
}
