import { extensionPairingPaths, PAIRING_CODE_FRAGMENT, type ConnectedPageStatus } from '../../shared/extension-pairing';

/** The page the Connect button opens: the server's own sign-in hand-off. */
export function pairingStartUrl(serverUrl: string): string {
  return serverUrl + extensionPairingPaths.start;
}

/**
 * The pairing code in a tab's address, when the tab is on the configured server's connected
 * page; null for any other address (another site, another page, no code).
 */
export function pairingCodeFrom(tabUrl: string, serverUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(tabUrl);
  } catch {
    return null;
  }
  if (url.origin !== new URL(serverUrl).origin || url.pathname !== extensionPairingPaths.connected) return null;
  const code = new URLSearchParams(url.hash.slice(1)).get(PAIRING_CODE_FRAGMENT);
  return code || null;
}

/** Where the tab goes once the extension knows how the exchange went. */
export function connectedPageUrl(serverUrl: string, status: ConnectedPageStatus): string {
  return `${serverUrl}${extensionPairingPaths.connected}?status=${status}`;
}
