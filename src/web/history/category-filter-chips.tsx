import { useCategoryCounts } from '@web/categories/category-queries';
import { Button } from '@web/components/ui/button';
import { selectClass } from '@web/components/ui/native-select';
import { useLinkCounts } from '@web/links/link-queries';
import type { HistoryView } from './history-view';
import type { UpdateHistoryView } from './use-history-view';

interface Chip {
  label: string;
  /** The chip's value in the phone's select. */
  value: string;
  count: number | undefined;
  pressed: boolean;
  change: Partial<HistoryView>;
}

/**
 * 'All Categories', 'Newsletter', then each category in use, each with its count (docs/product/links.md, My Stash):
 * a chip each from 640 px, one select on a phone.
 */
export function CategoryFilterChips({ view, onChange }: { view: HistoryView; onChange: UpdateHistoryView }) {
  const counts = useLinkCounts();
  const categoryCounts = useCategoryCounts();

  const used = (categoryCounts.data ?? []).filter((item) => item.count > 0);
  // A category from the URL that no link carries any more still shows as the chip in use.
  if (view.category && !used.some((item) => item.category === view.category)) used.push({ category: view.category, count: 0 });

  const chips: Chip[] = [
    {
      label: 'All Categories',
      value: 'all',
      count: counts.data?.count,
      pressed: !view.category && !view.newsletter,
      change: { category: null, newsletter: false },
    },
    {
      label: 'Newsletter',
      value: 'newsletter',
      count: counts.data?.newsletter,
      pressed: view.newsletter,
      change: { category: null, newsletter: true },
    },
    ...used.map((item) => ({
      label: item.category,
      value: `category:${item.category}`,
      count: item.count,
      pressed: view.category === item.category,
      change: { category: item.category, newsletter: false },
    })),
  ];

  const chosen = chips.find((chip) => chip.pressed) ?? chips[0];
  const withCount = (chip: Chip) => (chip.count ? `${chip.label} (${chip.count})` : chip.label);

  return (
    <>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-1 sm:hidden">
        <label htmlFor="history-category-filter" className="text-sm font-medium">
          Filter by category
        </label>
        <select
          id="history-category-filter"
          className={`${selectClass} w-full min-w-0`}
          value={chosen.value}
          onChange={(event) => {
            const chip = chips.find((item) => item.value === event.target.value);
            if (chip) onChange(chip.change);
          }}
        >
          {chips.map((chip) => (
            <option key={chip.value} value={chip.value}>
              {withCount(chip)}
            </option>
          ))}
        </select>
      </div>
      <div role="group" aria-label="Filter by category" className="hidden flex-wrap gap-2 sm:flex">
        {chips.map((chip) => (
          <Button
            key={chip.label}
            size="sm"
            variant={chip.pressed ? 'default' : 'outline'}
            className="h-auto min-h-8 max-w-full rounded-full px-3 py-1 text-left [overflow-wrap:anywhere]"
            aria-pressed={chip.pressed}
            onClick={() => onChange(chip.change)}
          >
            {chip.label}
            {chip.count !== undefined && chip.count > 0 && <span className="text-xs font-normal">{chip.count}</span>}
          </Button>
        ))}
      </div>
    </>
  );
}
