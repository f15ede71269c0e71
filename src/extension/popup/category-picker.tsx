import { isCategoryLocked } from './edit-form';

interface CategoryPickerProps {
  choices: string[];
  selected: string[];
  onToggle: (name: string) => void;
}

/** Preset and custom categories as toggle buttons; up to 3, the first picked is the primary one. */
export function CategoryPicker({ choices, selected, onToggle }: CategoryPickerProps) {
  return (
    <fieldset className="categories">
      <legend>Categories (up to 3)</legend>
      <div className="chips">
        {choices.map((name) => (
          <button
            key={name}
            type="button"
            className="chip"
            aria-pressed={selected.includes(name)}
            disabled={isCategoryLocked(selected, name)}
            onClick={() => onToggle(name)}
          >
            {name}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
