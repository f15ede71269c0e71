import { Button } from '@web/components/ui/button';
import { isLocked, isPicked } from './category-selection';

interface CategoryToggleButtonsProps {
  /** What the group holds, for screen readers: "Preset categories", "Your categories". */
  label: string;
  names: readonly string[];
  picked: readonly string[];
  onToggle: (name: string) => void;
}

/** One button per category, pressed when picked; at three picks the others are locked. */
export function CategoryToggleButtons({ label, names, picked, onToggle }: CategoryToggleButtonsProps) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {names.map((name) => {
        const pressed = isPicked(picked, name);
        return (
          <Button
            key={name}
            type="button"
            size="sm"
            variant={pressed ? 'default' : 'outline'}
            className="h-auto min-h-8 max-w-full rounded-full px-3 py-1 text-xs [overflow-wrap:anywhere]"
            aria-pressed={pressed}
            disabled={isLocked(picked, name)}
            onClick={() => onToggle(name)}
          >
            {name}
          </Button>
        );
      })}
    </div>
  );
}
