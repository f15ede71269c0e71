import { DEFAULT_CATEGORY, MAX_CATEGORY_NAME_LENGTH, PRESET_CATEGORIES } from '../../shared/categories';
import { MAX_CATEGORIES_PER_LINK } from '../../shared/plans';
import { oneLine } from './import-row';

/**
 * Tags become categories (issue 8): the first three of a link's tags that are a preset or one of
 * the user's custom categories (any case, spelled as the category is), or, when the user may make
 * custom categories (Pro, trial), new custom categories (spelled as the first tag that named one).
 * Other tags are dropped; a link left without any is 'Uncategorized'.
 */
export class TagsToCategories {
  private readonly known = new Map<string, string>();
  /** Custom categories to create for this import, in the order first met. */
  readonly created: string[] = [];

  constructor(customNames: readonly string[], private readonly mayCreate: boolean) {
    for (const name of [...PRESET_CATEGORIES, ...customNames]) this.known.set(name.toLowerCase(), name);
  }

  categoriesFor(tags: readonly string[]): string[] {
    const chosen: string[] = [];
    for (const tag of tags) {
      if (chosen.length === MAX_CATEGORIES_PER_LINK) break;
      const name = oneLine(tag, Infinity);
      if (name === null || name.length > MAX_CATEGORY_NAME_LENGTH) continue;
      const key = name.toLowerCase();
      let category = this.known.get(key);
      if (category === undefined && this.mayCreate) {
        category = name;
        this.known.set(key, name);
        this.created.push(name);
      }
      if (category !== undefined && !chosen.includes(category)) chosen.push(category);
    }
    return chosen.length > 0 ? chosen : [DEFAULT_CATEGORY];
  }
}
