/** The four forms of /auth (docs/product/accounts.md, The auth page). */
export type AuthMode = 'login' | 'register' | 'forgot' | 'reset';

/**
 * The form /auth opens with: the `mode` parameter when it names one (a reset needs its token,
 * else the visitor gets the form to ask for one); registration for an invitation; else login.
 */
export function authModeFrom(params: URLSearchParams): AuthMode {
  const mode = params.get('mode');
  if (mode === 'reset') return params.get('token') ? 'reset' : 'forgot';
  if (mode === 'login' || mode === 'register' || mode === 'forgot') return mode;
  if (params.get('invitationCode')) return 'register';
  return 'login';
}

/**
 * The /auth query string after switching to another form. What decides the destination after
 * login (redirect, source, tier, bonus) and the invitation stay; the one-off reset token and
 * "verified" notice go, so a reload does not replay them.
 */
export function searchForMode(params: URLSearchParams, mode: Exclude<AuthMode, 'reset'>): string {
  const next = new URLSearchParams(params);
  next.set('mode', mode);
  next.delete('token');
  next.delete('verified');
  return next.toString();
}
