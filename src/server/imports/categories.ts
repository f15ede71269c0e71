import { DEFAULT_CATEGORY, MAX_CATEGORY_NAME_LENGTH, PRESET_CATEGORIES } from '../../shared/categories';
import { MAX_CATEGORIES_PER_LINK } from '../../shared/plans';
import { oneLine } from './import-row';

/** How many of the tags beyond the third an import's answer names. */
const MAX_TAGS_NAMED = 20;

/**
 * Tags become categories (docs/product/imports-exports.md, Rules): the first three of a link's tags that are a preset or one of
 * the user's custom categories (any case, spelled as the category is), or, when the user may make
 * custom categories (Pro, trial), new custom categories (spelled as the first tag that named one).
 * Other tags are dropped; a link left without any is 'Uncategorized'. Tags that would have been
 * a category but came after the third are remembered, so the answer can name them.
 */
export class TagsToCategories {
  private readonly known = new Map<string, string>();
  /** Custom categories to create for this import, in the order first met. */
  readonly created: string[] = [];
  /** Links that had a category-worthy tag beyond the third, and the first few such tags (once each, any case). */
  readonly notKept = { links: 0, tags: [] as string[] };

  constructor(
    customNames: readonly string[],
    private readonly mayCreate: boolean,
  ) {
    for (const name of [...PRESET_CATEGORIES, ...customNames]) this.known.set(name.toLowerCase(), name);
  }

  categoriesFor(tags: readonly string[]): string[] {
    const chosen: string[] = [];
    const beyondThird: string[] = [];
    for (const tag of tags) {
      const name = oneLine(tag, Infinity);
      if (name === null || name.length > MAX_CATEGORY_NAME_LENGTH) continue;
      const key = name.toLowerCase();
      if (chosen.length === MAX_CATEGORIES_PER_LINK) {
        const wouldBe = this.known.get(key) ?? (this.mayCreate ? name : undefined);
        if (wouldBe !== undefined && !chosen.includes(wouldBe)) beyondThird.push(name);
        continue;
      }
      let category = this.known.get(key);
      if (category === undefined && this.mayCreate) {
        category = name;
        this.known.set(key, name);
        this.created.push(name);
      }
      if (category !== undefined && !chosen.includes(category)) chosen.push(category);
    }
    if (beyondThird.length > 0) this.remember(beyondThird);
    return chosen.length > 0 ? chosen : [DEFAULT_CATEGORY];
  }

  private remember(tags: string[]): void {
    this.notKept.links += 1;
    for (const tag of tags) {
      if (this.notKept.tags.length === MAX_TAGS_NAMED) return;
      if (!this.notKept.tags.some((kept) => kept.toLowerCase() === tag.toLowerCase())) this.notKept.tags.push(tag);
    }
  }
}
