import { describe, expect, it } from 'vitest';
import { isShortcut, isTypingTarget, type ShortcutKeyPress } from './keyboard-shortcut';

const onPage = { tagName: 'BODY' } as unknown as EventTarget;
const press = (key: string, changes: Partial<ShortcutKeyPress> = {}): ShortcutKeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  isComposing: false,
  target: onPage,
  ...changes,
});
const element = (tagName: string, extra: object = {}) => ({ tagName, ...extra }) as unknown as EventTarget;

describe('isTypingTarget', () => {
  it('counts text fields, text areas, selects and editable text as typing', () => {
    expect(isTypingTarget(element('INPUT', { type: 'text' }))).toBe(true);
    expect(isTypingTarget(element('INPUT', { type: 'search' }))).toBe(true);
    expect(isTypingTarget(element('INPUT', { type: 'URL' }))).toBe(true);
    expect(isTypingTarget(element('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(element('SELECT'))).toBe(true);
    expect(isTypingTarget(element('DIV', { isContentEditable: true }))).toBe(true);
  });

  it('does not count buttons, checkboxes, links or the page itself', () => {
    expect(isTypingTarget(element('BUTTON'))).toBe(false);
    expect(isTypingTarget(element('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(element('A'))).toBe(false);
    expect(isTypingTarget(onPage)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('isShortcut', () => {
  it('takes the bare key pressed outside a field', () => {
    expect(isShortcut(press('n'), 'n')).toBe(true);
    expect(isShortcut(press('/'), '/')).toBe(true);
    expect(isShortcut(press('/', { target: element('BUTTON') }), '/')).toBe(true);
  });

  it('leaves other keys alone', () => {
    expect(isShortcut(press('N'), 'n')).toBe(false);
    expect(isShortcut(press('m'), 'n')).toBe(false);
  });

  it('never fires while the user types in a field', () => {
    expect(isShortcut(press('n', { target: element('INPUT', { type: 'url' }) }), 'n')).toBe(false);
    expect(isShortcut(press('/', { target: element('TEXTAREA') }), '/')).toBe(false);
  });

  it('leaves modified keys (Ctrl+N, Cmd+/), IME composition and handled events to others', () => {
    expect(isShortcut(press('n', { ctrlKey: true }), 'n')).toBe(false);
    expect(isShortcut(press('/', { metaKey: true }), '/')).toBe(false);
    expect(isShortcut(press('n', { altKey: true }), 'n')).toBe(false);
    expect(isShortcut(press('n', { isComposing: true }), 'n')).toBe(false);
    expect(isShortcut(press('n', { defaultPrevented: true }), 'n')).toBe(false);
  });
});
