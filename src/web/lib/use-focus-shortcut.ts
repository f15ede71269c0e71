import { useEffect, type RefObject } from 'react';
import { isShortcut } from './keyboard-shortcut';

/** Pressing `key` (outside any field) focuses the element: `n` the URL field, `/` the search box. */
export function useFocusShortcut(key: string, target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!target.current || !isShortcut(event, key)) return;
      // Otherwise the key itself would be typed into the field it just focused.
      event.preventDefault();
      target.current.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [key, target]);
}
