/** What the shortcut guard needs of a keydown event (a KeyboardEvent in the browser). */
export interface ShortcutKeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  isComposing: boolean;
  target: EventTarget | null;
}

/** Input types that take typed text; a checkbox or a button in focus does not. */
const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'url',
  'email',
  'password',
  'tel',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** Whether keys pressed on this element are typing (a text field, a text area, a list box, editable text). */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as { tagName?: string; type?: string; isContentEditable?: boolean } | null;
  if (!element?.tagName) return false;
  if (element.isContentEditable) return true;
  switch (element.tagName) {
    case 'TEXTAREA':
    case 'SELECT':
      return true;
    case 'INPUT':
      return TEXT_INPUT_TYPES.has((element.type ?? 'text').toLowerCase());
    default:
      return false;
  }
}

/**
 * Whether a key press is the single-key shortcut `key` (docs/product/links.md, Keyboard shortcuts: `/` focuses
 * search, `n` the URL field): never while typing in a field, with a modifier (Ctrl+N is the browser's), or mid-IME.
 */
export function isShortcut(event: ShortcutKeyPress, key: string): boolean {
  if (event.defaultPrevented || event.isComposing) return false;
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  if (event.key !== key) return false;
  return !isTypingTarget(event.target);
}
