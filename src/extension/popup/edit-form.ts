import { format } from 'date-fns';
import { PRESET_CATEGORIES } from '../../shared/categories';
import { linkMessages } from '../../shared/link-messages';
import type { SaveLinkBody } from '../../shared/links-schemas';
import { MAX_CATEGORIES_PER_LINK } from '../../shared/plans';
import type { PageToSave } from './page-to-save';

/** What the person chooses in the popup besides the page itself. */
export interface SaveForm {
  notes: string;
  /** In the order picked; the first becomes the primary category. */
  categories: string[];
  includeInNewsletter: boolean;
}

export const emptySaveForm: SaveForm = { notes: '', categories: [], includeInNewsletter: true };

/** The category buttons: the ten presets, then the user's own (when their plan lets them use them). */
export function categoryChoices(customCategories: readonly string[], canUseCustom: boolean): string[] {
  const custom = canUseCustom ? customCategories.filter((name) => !PRESET_CATEGORIES.some((preset) => preset.toLowerCase() === name.toLowerCase())) : [];
  return [...PRESET_CATEGORIES, ...custom];
}

export type CategoryToggle = { ok: true; categories: string[] } | { ok: false; title: string; text: string };

/** Picks or unpicks a category; a fourth pick is refused with SPEC.md section 5's message. */
export function toggleCategory(selected: readonly string[], name: string): CategoryToggle {
  if (selected.includes(name)) return { ok: true, categories: selected.filter((picked) => picked !== name) };
  if (selected.length >= MAX_CATEGORIES_PER_LINK) return { ok: false, ...linkMessages.maxCategoriesReached };
  return { ok: true, categories: [...selected, name] };
}

/** SPEC.md: category buttons are disabled at 3 picked, except the picked ones (to unpick them). */
export function isCategoryLocked(selected: readonly string[], name: string): boolean {
  return selected.length >= MAX_CATEGORIES_PER_LINK && !selected.includes(name);
}

/**
 * The POST /api/links body. Without the Pro control the newsletter flag is left to the server,
 * which puts every link of a free account in the newsletter.
 */
export function saveLinkBody(page: PageToSave, form: SaveForm, options: { canToggleNewsletter: boolean; allowDuplicate: boolean }): SaveLinkBody {
  const notes = form.notes.trim();
  return {
    url: page.url,
    title: page.title,
    notes: notes === '' ? null : notes,
    categories: form.categories,
    ...(options.canToggleNewsletter ? { includeInNewsletter: form.includeInNewsletter } : {}),
    ...(options.allowDuplicate ? { allowDuplicate: true } : {}),
  };
}

/** "Already saved on November 22, 2026", in the browser's own time zone (SPEC.md's 'MMMM d, yyyy'). */
export function alreadySavedText(createdAt: string): string {
  return `Already saved on ${format(new Date(createdAt), 'MMMM d, yyyy')}`;
}
