/** How a host-permission prompt ended: allowed, refused by the person, or failed (not shown, or no answer in time). */
export type PermissionAnswer = 'granted' | 'refused' | 'failed';

/**
 * What the options page says when the extension may not reach a server: the prompt was refused, or
 * the browser could not show it. Either way the previous server (if any) stays, and the words say so.
 */
export function permissionRefusal(answer: Exclude<PermissionAnswer, 'granted'>, origin: string, previous: string | null): string {
  const host = new URL(origin).host;
  const outcome = previous ? `It keeps using ${new URL(previous).host}.` : 'Until then it cannot save anything.';
  if (answer === 'refused') return `The extension needs your permission to reach ${host}. ${outcome} Press Save to be asked again.`;
  return `No answer came from your browser's permission prompt for ${host}. ${outcome} Press Save to be asked again, or allow the site under the extension's details (Site access).`;
}
