import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('starts with no settings at all, on the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      dataDir: './data',
      smtpUrl: undefined,
      mailFrom: 'Stash <digest@localhost>',
      billing: 'local',
      role: 'all',
      readPages: true,
      oldSettingNames: [],
      allowPrivateFetch: false,
      logLevel: 'info',
      adminEmails: [],
      digestSendRate: 50,
    });
  });

  it('takes the default public URL from PORT', () => {
    expect(loadConfig({ PORT: '8080' }).appUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', APP_URL: 'https://stash.example' }).appUrl).toBe('https://stash.example');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['BILLING', 'free'],
    ['ROLE', 'scheduler'],
    ['DATABASE_URL', 'mysql://localhost/stash'],
    ['SMTP_URL', 'mail.example.com'],
    ['READ_PAGES', 'yes'],
    ['FETCH_TITLES', 'yes'],
    ['LOG_LEVEL', 'loud'],
    ['APP_URL', 'not a url'],
    ['SESSION_SECRET', 'short'],
    ['DIGEST_SEND_RATE', '0'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });

  it('reads pages by READ_PAGES, or by its old name FETCH_TITLES, which it names for the start-up notice', () => {
    expect(loadConfig({ READ_PAGES: 'off' })).toMatchObject({ readPages: false, oldSettingNames: [] });
    expect(loadConfig({ FETCH_TITLES: 'off' })).toMatchObject({ readPages: false, oldSettingNames: [['FETCH_TITLES', 'READ_PAGES']] });
    expect(loadConfig({ FETCH_TITLES: 'off', READ_PAGES: 'on' }).readPages).toBe(true);
  });

  it('treats empty values as unset, as .env files write them', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('needs all three DKIM settings together', () => {
    expect(() => loadConfig({ DKIM_DOMAIN: 'example.com' })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY/);
  });

  it('turns save by e-mail on with INBOUND_DOMAIN only, and refuses its other settings without it', () => {
    expect(loadConfig({}).inbound).toBeUndefined();
    expect(loadConfig({ INBOUND_DOMAIN: 'In.Stash.Example', INBOUND_SMTP_PORT: '2525' }).inbound).toEqual({
      domain: 'in.stash.example',
      smtpPort: 2525,
      webhookToken: undefined,
    });
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '25' })).toThrow(/need INBOUND_DOMAIN/);
    expect(() => loadConfig({ INBOUND_WEBHOOK_TOKEN: 'x'.repeat(24) })).toThrow(/need INBOUND_DOMAIN/);
  });

  it('needs the Stripe keys when billing is stripe', () => {
    expect(() => loadConfig({ BILLING: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('reads lists and the analytics settings', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Ada@Example.com, bob@example.com ,',
      ANALYTICS_PLAUSIBLE_DOMAIN: 'stash.example',
      APP_URL: 'https://stash.example/',
    });
    expect(config.adminEmails).toEqual(['ada@example.com', 'bob@example.com']);
    expect(config.analytics).toEqual({ ANALYTICS_PLAUSIBLE_DOMAIN: 'stash.example' });
    expect(config.appUrl).toBe('https://stash.example');
  });

  it('turns on each sign-in provider only with its client id and secret', () => {
    expect(loadConfig({}).signInProviders).toEqual([]);
    const config = loadConfig({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
      GITHUB_BASE_URL: 'http://127.0.0.1:9000/',
      OIDC_ISSUER_URL: 'https://auth.example/application/o/stash/',
      OIDC_CLIENT_ID: 'o-id',
      OIDC_CLIENT_SECRET: 'o-secret',
      OIDC_NAME: 'Authentik',
    });
    expect(config.signInProviders.map((p) => [p.id, p.name])).toEqual([
      ['google', 'Google'],
      ['github', 'GitHub'],
      ['oidc', 'Authentik'],
    ]);
    expect(config.signInProviders[0]).toMatchObject({ issuerUrl: 'https://accounts.google.com' });
    expect(config.signInProviders[1]).toMatchObject({ baseUrl: 'http://127.0.0.1:9000', apiUrl: 'https://api.github.com' });
    expect(config.signInProviders[2]).toMatchObject({ issuerUrl: 'https://auth.example/application/o/stash/' });
  });

  it('refuses half a provider', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'g-id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'o-id', OIDC_CLIENT_SECRET: 's' })).toThrow(/OIDC_ISSUER_URL/);
  });
});
