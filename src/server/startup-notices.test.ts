import { describe, expect, it } from 'vitest';
import { startupNotices } from './startup-notices';

describe('start-up notices', () => {
  it('say that mail is kept, not sent, when there is no SMTP_URL', () => {
    const [notice] = startupNotices({ billing: 'off' }, 'capture', 'production');
    expect(notice.message).toMatch(/^Mail is kept, not sent \(no SMTP_URL\)/);
    expect(notice.message).toContain('/dev/mailbox');
    expect(notice.message).toContain('links are printed in this log');
    expect(startupNotices({ billing: 'off' }, 'smtp', 'production')).toEqual([]);
  });

  it('warn in production, in one line, that the local test checkout gives Pro away, naming BILLING=stripe and BILLING=off', () => {
    const warnings = startupNotices({ billing: 'local' }, 'smtp', 'production');
    expect(warnings).toHaveLength(1);
    expect(warnings[0].level).toBe('warn');
    expect(warnings[0].message).not.toContain('\n');
    expect(warnings[0].message).toMatch(/anyone can upgrade to Pro for free/);
    expect(warnings[0].message).toContain('BILLING=stripe');
    expect(warnings[0].message).toContain('BILLING=off');
  });

  it('name a setting given by its old name, in one line', () => {
    const notices = startupNotices({ billing: 'off', oldSettingNames: [['FETCH_TITLES', 'READ_PAGES']] }, 'smtp', 'production');
    expect(notices).toEqual([
      { level: 'info', message: 'FETCH_TITLES is now called READ_PAGES: the old name still works; rename it when you can' },
    ]);
    expect(startupNotices({ billing: 'off', oldSettingNames: [] }, 'smtp', 'production')).toEqual([]);
  });

  it('do not warn about billing outside production or with real or no billing', () => {
    expect(startupNotices({ billing: 'local' }, 'smtp', 'development')).toEqual([]);
    expect(startupNotices({ billing: 'stripe' }, 'smtp', 'production')).toEqual([]);
    expect(startupNotices({ billing: 'off' }, 'smtp', 'production')).toEqual([]);
  });
});
