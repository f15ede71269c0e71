import { PRESET_CATEGORIES } from '@shared/categories';
import { linkMessages } from '@shared/link-messages';
import { MAX_CATEGORIES_PER_LINK } from '@shared/plans';
import { toast } from '@web/toasts/use-toast';
import { useCustomCategories } from './category-queries';
import { CategoryCombobox } from './category-combobox';
import { isPicked, MAX_CATEGORY_BUTTONS, pick, unpick } from './category-selection';
import { CategoryToggleButtons } from './category-toggle-buttons';
import { CreateCategoryButton } from './create-category-button';
import { PickedCategoryChips } from './picked-category-chips';

interface CategoryPickerProps {
  picked: string[];
  onChange: (picked: string[]) => void;
  /** Custom categories (using and creating them) are for Pro and active trials. */
  canUseCustom: boolean;
}

/**
 * The add-link card's categories: picked chips, the ten presets, the user's own, and 'Create new category';
 * past MAX_CATEGORY_BUTTONS categories, a searchable field in place of the buttons.
 */
export function CategoryPicker({ picked, onChange, canUseCustom }: CategoryPickerProps) {
  const custom = useCustomCategories({ enabled: canUseCustom });
  const customNames = canUseCustom ? (custom.data ?? []).map((category) => category.name) : [];

  const add = (name: string) => {
    const next = pick(picked, name);
    if (next === 'full') {
      toast({
        variant: 'destructive',
        title: linkMessages.maxCategoriesReached.title,
        description: linkMessages.maxCategoriesReached.text,
      });
      return;
    }
    onChange(next);
  };
  const toggle = (name: string) => (isPicked(picked, name) ? onChange(unpick(picked, name)) : add(name));

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium">
        Categories <span className="font-normal text-muted-foreground">(up to {MAX_CATEGORIES_PER_LINK})</span>
      </legend>
      <PickedCategoryChips picked={picked} onRemove={(name) => onChange(unpick(picked, name))} />
      {PRESET_CATEGORIES.length + customNames.length > MAX_CATEGORY_BUTTONS ? (
        <CategoryCombobox
          names={[...PRESET_CATEGORIES, ...customNames]}
          customNames={customNames}
          picked={picked}
          onPick={add}
          canCreate={canUseCustom}
        />
      ) : (
        <>
          <CategoryToggleButtons label="Preset categories" names={PRESET_CATEGORIES} picked={picked} onToggle={toggle} />
          {customNames.length > 0 && (
            <CategoryToggleButtons label="Your categories" names={customNames} picked={picked} onToggle={toggle} />
          )}
          <CreateCategoryButton
            canCreate={canUseCustom}
            full={picked.length >= MAX_CATEGORIES_PER_LINK}
            customNames={customNames}
            onPicked={add}
          />
        </>
      )}
    </fieldset>
  );
}
