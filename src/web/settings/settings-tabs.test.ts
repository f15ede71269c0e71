import { describe, expect, it } from 'vitest';
import { settingsTabFrom } from './settings-tabs';

describe('settingsTabFrom', () => {
  it('opens the tab the URL names', () => {
    expect(settingsTabFrom('security')).toBe('security');
    expect(settingsTabFrom('import-export')).toBe('import-export');
  });

  it('opens Profile by default and for unknown tabs', () => {
    expect(settingsTabFrom(null)).toBe('profile');
    expect(settingsTabFrom('billing')).toBe('profile');
    expect(settingsTabFrom('Security')).toBe('profile');
  });
});
