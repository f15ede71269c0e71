import { hostPermissionFor } from '../settings/server-url';
import { builtInServerUrl, changeServer, readSettings } from '../settings/storage';

export type ServerChange = { ok: true } | { ok: false; message: string };

/**
 * Points the extension at another Stash server. The built-in server's host permission comes
 * with the extension; any other is asked for now, for that one host, and the one granted for
 * the previous server is given back, so the extension only ever reaches the server it uses.
 * Must be called from a click: browsers ask for permissions only in answer to one.
 */
export async function switchServer(origin: string): Promise<ServerChange> {
  const { serverUrl: previous } = await readSettings();
  const needed = hostPermissionFor(origin);
  const builtIn = hostPermissionFor(builtInServerUrl());
  if (needed !== builtIn && !(await chrome.permissions.request({ origins: [needed] }))) {
    return { ok: false, message: `The extension needs your permission to reach ${new URL(origin).host}. Without it, it keeps using ${new URL(previous).host}.` };
  }
  const given = hostPermissionFor(previous);
  if (given !== builtIn && given !== needed) await chrome.permissions.remove({ origins: [given] });
  await changeServer(origin);
  return { ok: true };
}
