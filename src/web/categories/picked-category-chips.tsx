import { X } from 'lucide-react';
import { DEFAULT_CATEGORY } from '@shared/categories';

/** The categories picked so far, each with a button that takes it off again. */
export function PickedCategoryChips({ picked, onRemove }: { picked: readonly string[]; onRemove: (name: string) => void }) {
  if (picked.length === 0) {
    return <p className="text-xs text-muted-foreground">None picked: the link is saved as {DEFAULT_CATEGORY}.</p>;
  }
  return (
    <ul aria-label="Picked categories" className="flex flex-wrap gap-2">
      {picked.map((name) => (
        <li
          key={name}
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-primary [overflow-wrap:anywhere] py-0.5 pr-1 pl-3 text-xs font-semibold text-primary-foreground"
        >
          {name}
          <button
            type="button"
            aria-label={`Remove ${name}`}
            className="shrink-0 rounded-full p-0.5 hover:bg-black/20"
            onClick={() => onRemove(name)}
          >
            <X aria-hidden className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
