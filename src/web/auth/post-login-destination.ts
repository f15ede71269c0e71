import { browserEndpoints, paths } from '@shared/routes';
import { safeRedirectPath } from './safe-redirect';

/** docs/product/accounts.md, The auth page: the pause between a successful login and leaving /auth. */
export const POST_LOGIN_REDIRECT_DELAY_MS = 100;

/**
 * Where /auth sends someone who has just signed in (docs/product/accounts.md, The auth page): back to the browser
 * extension; else to the page that sent them to log in; else to the Pro offer they came for;
 * else home, which forwards signed-in users to their Stashboard.
 */
export function postLoginDestination(params: URLSearchParams): string {
  if (params.get('source') === 'extension') return browserEndpoints.extensionAuthSuccess;
  const redirect = safeRedirectPath(params.get('redirect'));
  if (redirect) return redirect;
  if (params.get('tier') === 'pro') {
    const offer = new URLSearchParams({ upgrade: 'true' });
    if (params.get('bonus') === 'true') offer.set('bonus', 'true');
    return `${paths.pricing}?${offer}`;
  }
  return paths.home;
}

/** Server endpoints need a real page load; the app's own pages go through the router. */
export function isServerEndpoint(path: string): boolean {
  return path.startsWith('/api/');
}
