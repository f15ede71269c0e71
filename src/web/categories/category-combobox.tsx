import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { findCategoryName } from '@shared/categories';
import { MAX_CATEGORIES_PER_LINK } from '@shared/plans';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { suggestCategories } from './category-selection';
import { useCreateAndPick } from './use-create-and-pick';

interface CategoryComboboxProps {
  /** Every category there is to pick: the presets, then the user's own. */
  names: readonly string[];
  customNames: readonly string[];
  picked: readonly string[];
  onPick: (name: string) => void;
  /** Whether a name that matches none may be created (Pro and active trials). */
  canCreate: boolean;
}

type Option = { kind: 'pick'; name: string } | { kind: 'create'; name: string };

/**
 * The category picker for many categories: a field that suggests the categories not picked yet as
 * one types (an ARIA combobox with a listbox: arrows move, Enter picks, Escape closes), and offers to
 * create the typed name when no category has it.
 */
export function CategoryCombobox({ names, customNames, picked, onPick, canCreate }: CategoryComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const { create, pending } = useCreateAndPick(customNames, onPick, () => setQuery(''));

  const typed = query.trim();
  const options: Option[] = suggestCategories(names, picked, query).map((name) => ({ kind: 'pick', name }));
  // At three picks a new category could not be picked, so none is offered (nor created on the server).
  const full = picked.length >= MAX_CATEGORIES_PER_LINK;
  if (canCreate && !full && typed !== '' && !findCategoryName(typed, customNames)) options.push({ kind: 'create', name: typed });
  const activeIndex = Math.min(active, options.length - 1);
  const expanded = open && options.length > 0;
  const listRef = useRef<HTMLUListElement>(null);
  // In a dialog whose fields scroll (a short phone screen), the suggestions scroll into view as they open.
  useEffect(() => {
    if (expanded) listRef.current?.scrollIntoView({ block: 'nearest' });
  }, [expanded]);

  const choose = (option: Option) => {
    if (option.kind === 'create') return void create(option.name);
    onPick(option.name);
    setQuery('');
    setActive(0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % Math.max(options.length, 1));
    } else if (event.key === 'Enter') {
      // Enter picks here; it must not submit the form around the field.
      event.preventDefault();
      if (expanded && activeIndex >= 0) choose(options[activeIndex]);
    } else if (event.key === 'Escape' && expanded) {
      // Closes the suggestions only, not the dialog the field is in.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative grid gap-2">
      <Label htmlFor={`${id}-input`} className="text-xs font-normal text-muted-foreground">
        {canCreate ? 'Find or create a category' : 'Find a category'}
      </Label>
      <Input
        id={`${id}-input`}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
        autoComplete="off"
        placeholder="Type to filter"
        value={query}
        disabled={pending}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Categories"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-10 mt-1 max-h-48 overflow-y-auto rounded-md border border-border bg-background p-1 shadow-md"
      >
        {options.map((option, index) => (
          <li
            key={`${option.kind}-${option.name}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === activeIndex}
            className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm [overflow-wrap:anywhere] aria-selected:bg-accent aria-selected:text-accent-foreground"
            // Keeps the focus in the field, so the list stays open and the pick lands.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => choose(option)}
          >
            {option.kind === 'create' ? (
              <>
                <Plus aria-hidden className="size-4 shrink-0" />
                <span className="min-w-0">Create "{option.name}"</span>
              </>
            ) : (
              <span className="min-w-0">{option.name}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
