import { hostPermissionFor } from '../settings/server-url';
import { builtInServerUrl, changeServer, readSettings } from '../settings/storage';
import { permissionRefusal, type PermissionAnswer } from './permission-refusal';

export type ServerChange = { ok: true } | { ok: false; message: string };

/**
 * How long the options page waits for the browser's permission prompt. A prompt that is never
 * answered (lost behind another window, or one the browser cannot show) then ends in a message,
 * not in a Save that waits forever; answered later, the next Save goes through at once.
 */
export const PROMPT_WAIT_MS = 30_000;

/**
 * Points the extension at a Stash server. The built-in server's host permission (a build with
 * EXTENSION_SERVER_URL) comes with the extension; any other is asked for now, for that one host,
 * and the one granted for the previous server is given back, so the extension only ever reaches
 * the server it uses. Must be called from a click: browsers ask for permissions only in answer to one.
 */
export async function switchServer(origin: string): Promise<ServerChange> {
  const needed = hostPermissionFor(origin);
  // Asked before anything else is awaited: Firefox shows a prompt only in the click's own task. A
  // host already held (the built-in server's, unless taken away in the browser) is granted at once.
  const answer = await askForHost(needed);
  const { serverUrl: previous } = await readSettings();
  if (answer !== 'granted') return { ok: false, message: permissionRefusal(answer, origin, previous) };
  const builtIn = builtInServerUrl();
  const given = previous === null ? null : hostPermissionFor(previous);
  if (given !== null && given !== needed && (builtIn === null || given !== hostPermissionFor(builtIn))) {
    await chrome.permissions.remove({ origins: [given] }).catch(() => false);
  }
  await changeServer(origin);
  return { ok: true };
}

/** The browser's prompt for one host; a prompt that fails or goes unanswered is an answer too, not a hang. */
async function askForHost(pattern: string): Promise<PermissionAnswer> {
  let asked: Promise<boolean>;
  try {
    asked = chrome.permissions.request({ origins: [pattern] });
  } catch {
    return 'failed';
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unanswered = new Promise<PermissionAnswer>((resolve) => {
    timer = setTimeout(() => resolve('failed'), PROMPT_WAIT_MS);
  });
  const answered = asked.then(
    (granted): PermissionAnswer => (granted ? 'granted' : 'refused'),
    (): PermissionAnswer => 'failed',
  );
  try {
    return await Promise.race([answered, unanswered]);
  } finally {
    clearTimeout(timer);
  }
}
