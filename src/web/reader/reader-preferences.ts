import { useEffect, useState } from 'react';

/** "system" follows the device's light or dark setting (prefers-color-scheme) until the user picks one. */
export type ReaderTheme = 'system' | 'light' | 'sepia' | 'dark';
export const readerThemes: { value: ReaderTheme; label: string }[] = [
  { value: 'system', label: 'Auto' },
  { value: 'light', label: 'Light' },
  { value: 'sepia', label: 'Sepia' },
  { value: 'dark', label: 'Dark' },
];

/** The reader's choices, kept in this browser. */
export interface ReaderPreferences {
  size: number;
  width: 'narrow' | 'wide';
  theme: ReaderTheme;
}

const STORAGE_KEY = 'stash.reader';
export const TEXT_SIZES = [16, 18, 20, 22, 24];
const defaults: ReaderPreferences = { size: 20, width: 'narrow', theme: 'system' };

function load(): ReaderPreferences {
  try {
    const stored: Partial<ReaderPreferences> & { dark?: boolean } = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    // Earlier versions kept only a Dark switch, on or off; off never meant a choice of Light.
    const theme = readerThemes.some(({ value }) => value === stored.theme) ? stored.theme! : stored.dark ? 'dark' : 'system';
    return {
      size: TEXT_SIZES.includes(stored.size ?? 0) ? stored.size! : defaults.size,
      width: stored.width === 'wide' ? 'wide' : 'narrow',
      theme,
    };
  } catch {
    return defaults;
  }
}

/** The reader's text size, width and theme, remembered in this browser. */
export function useReaderPreferences(): [ReaderPreferences, (next: Partial<ReaderPreferences>) => void] {
  const [preferences, setPreferences] = useState(load);
  useEffect(() => localStorage.setItem(STORAGE_KEY, JSON.stringify(preferences)), [preferences]);
  return [preferences, (next) => setPreferences((current) => ({ ...current, ...next }))];
}
