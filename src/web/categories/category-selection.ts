import { MAX_CATEGORIES_PER_LINK } from '@shared/plans';

/*
 * The categories picked for the link being saved (docs/product/categories.md, Picking categories): at most 3, each once
 * whatever its case, in the order picked (the first is the primary category).
 */

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function isPicked(picked: readonly string[], name: string): boolean {
  return picked.some((other) => sameName(other, name));
}

/** At 3 picks, every category not picked yet is locked. */
export function isLocked(picked: readonly string[], name: string): boolean {
  return picked.length >= MAX_CATEGORIES_PER_LINK && !isPicked(picked, name);
}

/** The picks with `name` added; 'full' when three are picked already. Picking one twice changes nothing. */
export function pick(picked: readonly string[], name: string): string[] | 'full' {
  if (isPicked(picked, name)) return [...picked];
  if (picked.length >= MAX_CATEGORIES_PER_LINK) return 'full';
  return [...picked, name];
}

export function unpick(picked: readonly string[], name: string): string[] {
  return picked.filter((other) => !sameName(other, name));
}

/** Past this many categories (presets and the user's own), the picker is a searchable field rather than a button each. */
export const MAX_CATEGORY_BUTTONS = 12;

/** The categories not picked yet whose name contains `query` (ignoring case), those starting with it first. */
export function suggestCategories(names: readonly string[], picked: readonly string[], query: string): string[] {
  const wanted = query.trim().toLowerCase();
  const open = names.filter((name) => !isPicked(picked, name) && name.toLowerCase().includes(wanted));
  return [
    ...open.filter((name) => name.toLowerCase().startsWith(wanted)),
    ...open.filter((name) => !name.toLowerCase().startsWith(wanted)),
  ];
}
