/** The tabs of /settings (docs/product/accounts.md, Settings), in order; `id` is what ?tab= holds. */
export const settingsTabs = [
  { id: 'profile', label: 'Profile' },
  { id: 'newsletter', label: 'Newsletter' },
  { id: 'categories', label: 'Categories' },
  { id: 'sharing', label: 'Sharing' },
  { id: 'import-export', label: 'Import/Export' },
  { id: 'security', label: 'Security' },
] as const;

export type SettingsTabId = (typeof settingsTabs)[number]['id'];

/** The tab named by ?tab=, or Profile when it names none. */
export function settingsTabFrom(value: string | null): SettingsTabId {
  return settingsTabs.find((tab) => tab.id === value)?.id ?? 'profile';
}
