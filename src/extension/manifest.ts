import { hostPermissionFor } from './settings/server-url';

export type BrowserTarget = 'chrome' | 'firefox';

interface ManifestOptions {
  target: BrowserTarget;
  version: string;
  /** The server the extension is built for, which gets the one required host permission; null: none (the default build). */
  serverUrl: string | null;
}

/** Firefox needs an id of its own for storage and for signing. */
const FIREFOX_ID = 'extension@stash.example';

/** Script only from the extension's own files: no remote code, no eval, no inline scripts. */
export const EXTENSION_CSP = "script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

/**
 * The extension's manifest.json (Manifest V3). Permissions are the few the issue allows:
 * activeTab (the current tab's address and title when the button is pressed), storage (the
 * server and the token), contextMenus ('Save link to Stash', 'Highlight with Stash'), scripting
 * (reading the selection and the words around it, in the tab the menu was clicked in, which
 * activeTab opens to it for that click), and host access to the one Stash
 * server it is built for. Any other server's host (every one in the default build) is optional,
 * asked for at run time from the options page for that host alone; the broad patterns below only
 * say which hosts may be asked for.
 */
export function extensionManifest({ target, version, serverUrl }: ManifestOptions): Record<string, unknown> {
  const icons = { 16: 'icons/icon-16.png', 32: 'icons/icon-32.png', 48: 'icons/icon-48.png', 128: 'icons/icon-128.png' };
  return {
    manifest_version: 3,
    name: 'Stash: save links to your newsletter',
    short_name: 'Stash',
    description: 'Save the page you are on to Stash in one click, with notes and categories, for your own newsletter.',
    version,
    icons,
    action: { default_title: 'Save to Stash', default_popup: 'popup.html', default_icon: icons },
    options_ui: { page: 'options.html', open_in_tab: true },
    background: target === 'chrome' ? { service_worker: 'background.js' } : { scripts: ['background.js'] },
    permissions: ['activeTab', 'storage', 'contextMenus', 'scripting'],
    ...(serverUrl ? { host_permissions: [hostPermissionFor(serverUrl)] } : {}),
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    commands: {
      _execute_action: { suggested_key: { default: 'Alt+Shift+S' }, description: 'Open Stash to save this page' },
    },
    content_security_policy: { extension_pages: EXTENSION_CSP },
    ...(target === 'firefox' ? { browser_specific_settings: { gecko: { id: FIREFOX_ID, strict_min_version: '128.0' } } } : {}),
  };
}
