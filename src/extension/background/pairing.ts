import { extensionPairingPaths } from '../../shared/extension-pairing';
import { answer, CallFailed, stashClient } from '../api/stash-api';
import { readSettings, saveToken } from '../settings/storage';
import { connectedPageUrl, pairingCodeFrom, pairingStartUrl } from './pairing-url';

/*
 * Connect: the extension opens the server's sign-in hand-off in a tab and watches that tab. Once
 * signed in, the server sends it to a page with a one-time code in the URL fragment; the
 * extension sees that URL (its host permission for the server lets it read the tab's address),
 * trades the code for an API token with a POST, and moves the tab to a page that says so. Only
 * the tab the extension opened itself is watched, so a page elsewhere cannot hand the extension
 * a code for someone else's account.
 */

/** How long a Connect waits for the sign-in, which may include a forgotten password. */
const PAIRING_WINDOW_MS = 30 * 60_000;

interface PendingPairing {
  tabId: number;
  startedAt: number;
}

export async function startPairing(): Promise<void> {
  const { serverUrl } = await readSettings();
  // The popup offers Connect only once a server is chosen.
  if (serverUrl === null) return;
  const tab = await chrome.tabs.create({ url: pairingStartUrl(serverUrl) });
  if (tab.id === undefined) return;
  const pending: PendingPairing = { tabId: tab.id, startedAt: Date.now() };
  await chrome.storage.session.set({ pairing: pending });
}

/** tabs.onUpdated: finishes a pending Connect when its tab reaches the code. */
export async function onTabUrlChange(tabId: number, tabUrl: string): Promise<void> {
  const { pairing } = (await chrome.storage.session.get('pairing')) as { pairing?: PendingPairing };
  if (!pairing || pairing.tabId !== tabId) return;
  if (Date.now() - pairing.startedAt > PAIRING_WINDOW_MS) {
    await chrome.storage.session.remove('pairing');
    return;
  }
  const { serverUrl } = await readSettings();
  if (serverUrl === null) return;
  const code = pairingCodeFrom(tabUrl, serverUrl);
  if (!code) return;
  await chrome.storage.session.remove('pairing');
  try {
    const { token } = await answer(stashClient(serverUrl).POST(extensionPairingPaths.exchange, { body: { code } }));
    await saveToken(token);
    await chrome.tabs.update(tabId, { url: connectedPageUrl(serverUrl, 'connected') });
  } catch (error) {
    if (!(error instanceof CallFailed)) throw error;
    await chrome.tabs.update(tabId, { url: connectedPageUrl(serverUrl, 'failed') });
  }
}
