import type { CurrentUser } from '@shared/auth-schemas';
import { can, tierOf, type Action, type Tier } from '@shared/permissions';

/** can() for the signed-in web app user: a session, under the billing mode the server reported. */
export function userCan(user: CurrentUser, action: Action): boolean {
  return can(user, action, { auth: 'session', billing: user.billing });
}

/** The user's tier as the server sees it (everyone is Pro with billing off). */
export function userTier(user: CurrentUser): Tier {
  return tierOf(user, user.billing);
}
