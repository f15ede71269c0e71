import { format } from 'date-fns';
import { DEFAULT_CATEGORY, PRESET_CATEGORIES } from '../../shared/categories';
import { isNearLimit } from '../../shared/length-rule';
import { linkMessages } from '../../shared/link-messages';
import { linkLengths } from '../../shared/link-lengths';
import type { Link, UpdateLinkBody } from '../../shared/links-schemas';
import { MAX_CATEGORIES_PER_LINK } from '../../shared/plans';

/** What the person adds to the saved link in the popup: the save form's notes, categories and newsletter switch. */
export interface EditForm {
  notes: string;
  /** In the order picked; the first becomes the primary category. */
  categories: string[];
  includeInNewsletter: boolean;
}

/** The form as the link is: 'Uncategorized' is what no pick means, not a pick. */
export function formFromLink(link: Pick<Link, 'notes' | 'categories' | 'includeInNewsletter'>): EditForm {
  return {
    notes: link.notes ?? '',
    categories: link.categories.filter((name) => name !== DEFAULT_CATEGORY),
    includeInNewsletter: link.includeInNewsletter,
  };
}

/** The category buttons: the presets, then the user's own (when their plan lets them use them). */
export function categoryChoices(customCategories: readonly string[], canUseCustom: boolean): string[] {
  const custom = canUseCustom
    ? customCategories.filter((name) => !PRESET_CATEGORIES.some((preset) => preset.toLowerCase() === name.toLowerCase()))
    : [];
  return [...PRESET_CATEGORIES, ...custom];
}

export type CategoryToggle = { ok: true; categories: string[] } | { ok: false; title: string; text: string };

/** Picks or unpicks a category; a fourth pick is refused with the message of docs/product/categories.md, Picking categories. */
export function toggleCategory(selected: readonly string[], name: string): CategoryToggle {
  if (selected.includes(name)) return { ok: true, categories: selected.filter((picked) => picked !== name) };
  if (selected.length >= MAX_CATEGORIES_PER_LINK) return { ok: false, ...linkMessages.maxCategoriesReached };
  return { ok: true, categories: [...selected, name] };
}

/** docs/product/categories.md, Picking categories: category buttons are disabled at 3 picked, except the picked ones (to unpick them). */
export function isCategoryLocked(selected: readonly string[], name: string): boolean {
  return selected.length >= MAX_CATEGORIES_PER_LINK && !selected.includes(name);
}

export interface NotesLength {
  /** "1,850 / 2,000" in the last tenth of the limit, else null. */
  counter: string | null;
  /** The rule's message past the limit: the text stays, the person shortens it. */
  error: string | null;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The notes against the save form's length rule, as the web app's counter shows it. */
export function notesLength(notes: string): NotesLength {
  const rule = linkLengths.notes;
  return {
    counter: isNearLimit(notes.length, rule) ? `${count(notes.length)} / ${count(rule.max)}` : null,
    error: notes.length > rule.max ? rule.message : null,
  };
}

/**
 * The PATCH /api/links/:id body: only what changed, null when nothing did. Without the Pro
 * control the newsletter flag is not sent.
 */
export function linkChanges(
  link: Pick<Link, 'notes' | 'categories' | 'includeInNewsletter'>,
  form: EditForm,
  canToggleNewsletter: boolean,
): UpdateLinkBody | null {
  const before = formFromLink(link);
  const notes = form.notes.trim();
  const changes: UpdateLinkBody = {
    ...(notes !== before.notes.trim() ? { notes: notes === '' ? null : notes } : {}),
    ...(form.categories.join('\n') !== before.categories.join('\n') ? { categories: form.categories } : {}),
    ...(canToggleNewsletter && form.includeInNewsletter !== before.includeInNewsletter
      ? { includeInNewsletter: form.includeInNewsletter }
      : {}),
  };
  return Object.keys(changes).length > 0 ? changes : null;
}

/** "Already saved on November 22, 2026", in the browser's own time zone (the product's 'MMMM d, yyyy'). */
export function alreadySavedText(createdAt: string): string {
  return `Already saved on ${format(new Date(createdAt), 'MMMM d, yyyy')}`;
}
