import { Lock } from 'lucide-react';

/** What a locked control says next to its label (docs/product/plans-and-billing.md, Permissions: a lock and 'Pro feature'). */
export function ProFeatureMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
      <Lock aria-hidden className="size-3" />
      Pro feature
    </span>
  );
}
