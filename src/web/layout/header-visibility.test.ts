import { describe, expect, it } from 'vitest';
import { isHeaderHidden } from './header-visibility';

describe('isHeaderHidden', () => {
  it('stays visible while scrolling down within the first 100 px', () => {
    expect(isHeaderHidden(0, 100, false)).toBe(false);
  });

  it('hides when scrolling down past 100 px', () => {
    expect(isHeaderHidden(90, 101, false)).toBe(true);
  });

  it('shows again on any scroll up', () => {
    expect(isHeaderHidden(600, 590, true)).toBe(false);
  });

  it('shows near the top whatever the direction', () => {
    expect(isHeaderHidden(50, 60, true)).toBe(false);
  });

  it('keeps its state when the position does not change', () => {
    expect(isHeaderHidden(300, 300, true)).toBe(true);
    expect(isHeaderHidden(300, 300, false)).toBe(false);
  });
});
