export type ServerUrlCheck = { ok: true; origin: string } | { ok: false; message: string };

/**
 * The Stash server a person typed in the options: its origin, https:// added when no scheme is
 * given. The API lives at the root of the server, so any path is dropped.
 */
export function parseServerUrl(input: string): ServerUrlCheck {
  const text = input.trim();
  if (text === '') return { ok: false, message: 'Enter the address of your Stash server.' };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: 'That is not a web address. Enter it as your browser shows it, starting with https://.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'The address must start with https:// (or http:// on your own network).' };
  if (url.username || url.password) return { ok: false, message: 'Leave the user name and password out of the address.' };
  return { ok: true, origin: url.origin };
}

/**
 * The host permission that lets the extension call a server and see its sign-in tab. Match
 * patterns take no port in Firefox, and in Chrome a pattern without one matches every port.
 */
export function hostPermissionFor(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

/** "stash.example", "127.0.0.1:3000": how the popup names the server. */
export function serverLabel(origin: string): string {
  return new URL(origin).host;
}
