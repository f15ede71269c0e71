/*
 * What the extension keeps in chrome.storage.local: the server it talks to and the API token it
 * was given for this browser. The token is never shown to the page or put in a URL.
 */

export interface ExtensionSettings {
  /** The Stash server's origin, e.g. https://stash.example; null until one is chosen (the default build). */
  serverUrl: string | null;
  /** The API token, once Connect has completed; undefined while not connected. */
  token?: string;
}

interface StoredSettings {
  serverUrl?: string;
  token?: string;
}

export async function readSettings(): Promise<ExtensionSettings> {
  const stored: StoredSettings = await chrome.storage.local.get(['serverUrl', 'token']);
  return { serverUrl: stored.serverUrl ?? __STASH_SERVER_URL__, token: stored.token };
}

/** The server the extension was built for (EXTENSION_SERVER_URL), or null. */
export function builtInServerUrl(): string | null {
  return __STASH_SERVER_URL__;
}

export async function saveToken(token: string): Promise<void> {
  await chrome.storage.local.set({ token });
}

export async function forgetToken(): Promise<void> {
  await chrome.storage.local.remove('token');
}

/** A token belongs to one server: changing the server forgets it. */
export async function changeServer(serverUrl: string): Promise<void> {
  await chrome.storage.local.remove('token');
  await chrome.storage.local.set({ serverUrl });
}
