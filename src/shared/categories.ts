/** The ten preset categories (docs/product/categories.md, Presets), in the order the category picker shows them. */
export const PRESET_CATEGORIES = [
  'Uncategorized',
  'Article',
  'Blog',
  'News',
  'Tutorial',
  'Video',
  'Social',
  'Shopping',
  'Work',
  'Personal',
] as const;

/** A link saved without a category gets this one. */
export const DEFAULT_CATEGORY = 'Uncategorized';

export const MAX_CATEGORY_NAME_LENGTH = 50;

/**
 * The spelling a name has among the known categories (presets first, then the given custom
 * ones), ignoring case; undefined when it is none of them.
 */
export function findCategoryName(name: string, customNames: readonly string[] = []): string | undefined {
  const wanted = name.trim().toLowerCase();
  return [...PRESET_CATEGORIES, ...customNames].find((known) => known.toLowerCase() === wanted);
}

export function isPresetCategory(name: string): boolean {
  return findCategoryName(name) !== undefined;
}
