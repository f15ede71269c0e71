import type { CurrentUser } from '@shared/auth-schemas';
import { freePlanChoice } from '@shared/billing-messages';
import { tierOf } from '@shared/permissions';
import { trialStatus } from '@shared/trial';

/** The heading and line of /upgrade-trial for where the account stands (docs/product/plans-and-billing.md, Upgrade page). */
export function trialHeadline(user: CurrentUser, now = new Date()): { title: string; text: string } {
  const tier = tierOf(user, user.billing, now);
  if (tier === 'trialExpired') return { title: 'Trial Expired', text: freePlanChoice.trialEnded };
  if (tier === 'pro') return { title: "You're on Stash Pro", text: 'Every Pro feature is yours. You can manage your plan in Settings.' };
  if (tier === 'trial') {
    const days = trialStatus(user, now).daysRemaining;
    return {
      title: 'Keep your Pro features',
      text: `${days} day${days === 1 ? '' : 's'} left in your trial. Upgrade now and keep everything when it ends.`,
    };
  }
  return { title: 'Upgrade to Pro', text: 'Unlimited links, daily digests and your own categories.' };
}
