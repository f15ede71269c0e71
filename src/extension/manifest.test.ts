import { describe, expect, it } from 'vitest';
import { extensionManifest } from './manifest';

const forChrome = extensionManifest({ target: 'chrome', version: '1.2.3', serverUrl: 'https://stash.example' });
const firefox = extensionManifest({ target: 'firefox', version: '1.2.3', serverUrl: 'https://stash.example' });

describe('extensionManifest', () => {
  it('is Manifest V3 with only the permissions the issue allows', () => {
    expect(forChrome.manifest_version).toBe(3);
    expect(forChrome.permissions).toEqual(['activeTab', 'storage', 'contextMenus', 'scripting']);
    expect(forChrome.host_permissions).toEqual(['https://stash.example/*']);
    expect(JSON.stringify(forChrome)).not.toContain('<all_urls>');
  });

  it('asks for a self-hosted server instead when built for one', () => {
    const selfHosted = extensionManifest({ target: 'chrome', version: '1.2.3', serverUrl: 'http://192.168.1.20:3000' });
    expect(selfHosted.host_permissions).toEqual(['http://192.168.1.20/*']);
  });

  it('holds no host permission in the default build, which asks for the server in its options', () => {
    const unset = extensionManifest({ target: 'chrome', version: '1.2.3', serverUrl: null });
    expect(unset).not.toHaveProperty('host_permissions');
    expect(unset.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
  });

  it('allows scripts from its own files only', () => {
    expect(forChrome.content_security_policy).toEqual({
      extension_pages: "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'",
    });
  });

  it('opens the popup with a keyboard shortcut', () => {
    expect(forChrome.commands).toEqual({
      _execute_action: { suggested_key: { default: 'Alt+Shift+S' }, description: 'Open Stash to save this page' },
    });
  });

  it('runs a service worker in Chrome, a background script with an add-on id in Firefox', () => {
    expect(forChrome.background).toEqual({ service_worker: 'background.js' });
    expect(forChrome).not.toHaveProperty('browser_specific_settings');
    expect(firefox.background).toEqual({ scripts: ['background.js'] });
    expect(firefox.browser_specific_settings).toEqual({ gecko: { id: 'extension@stash.example', strict_min_version: '128.0' } });
  });
});
