import { useCategoryCounts } from '@web/categories/category-queries';
import { Button } from '@web/components/ui/button';
import { useLinkCounts } from '@web/links/link-queries';
import type { HistoryView } from './history-view';
import type { UpdateHistoryView } from './use-history-view';

interface Chip {
  label: string;
  count: number | undefined;
  pressed: boolean;
  change: Partial<HistoryView>;
}

/** 'All Categories', 'Newsletter', then each category in use, each with its count (docs/product/links.md, My Stash). */
export function CategoryFilterChips({ view, onChange }: { view: HistoryView; onChange: UpdateHistoryView }) {
  const counts = useLinkCounts();
  const categoryCounts = useCategoryCounts();

  const used = (categoryCounts.data ?? []).filter((item) => item.count > 0);
  // A category from the URL that no link carries any more still shows as the chip in use.
  if (view.category && !used.some((item) => item.category === view.category)) used.push({ category: view.category, count: 0 });

  const chips: Chip[] = [
    { label: 'All Categories', count: counts.data?.count, pressed: !view.category && !view.newsletter, change: { category: null, newsletter: false } },
    { label: 'Newsletter', count: counts.data?.newsletter, pressed: view.newsletter, change: { category: null, newsletter: true } },
    ...used.map((item) => ({
      label: item.category,
      count: item.count,
      pressed: view.category === item.category,
      change: { category: item.category, newsletter: false },
    })),
  ];

  return (
    <div role="group" aria-label="Filter by category" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <Button
          key={chip.label}
          size="sm"
          variant={chip.pressed ? 'default' : 'outline'}
          className="h-auto min-h-8 max-w-full rounded-full px-3 py-1 text-left whitespace-normal [overflow-wrap:anywhere]"
          aria-pressed={chip.pressed}
          onClick={() => onChange(chip.change)}
        >
          {chip.label}
          {chip.count !== undefined && chip.count > 0 && <span className="text-xs font-normal">{chip.count}</span>}
        </Button>
      ))}
    </div>
  );
}
