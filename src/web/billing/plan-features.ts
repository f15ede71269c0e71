import { FREE_MONTHLY_LINKS, INVITES } from '@shared/plans';

/** What each plan gives (docs/product/plans-and-billing.md, Free plan and Pro plan), as the pricing cards list it. */
export const freeFeatures = [
  `${FREE_MONTHLY_LINKS} links a month`,
  'A weekly digest, Fridays at 9 am',
  '10 default categories',
  `${INVITES.free} invitations for friends`,
];

export const proFeatures = [
  'Unlimited links',
  'Daily digests, or several a day on your own schedule',
  'Your own categories',
  'Choose which links go in your newsletter',
  'Send your digest now, whenever you like',
  `${INVITES.pro} invitations, topped up every ${INVITES.proRefreshDays} days`,
  'A free month for every friend who joins',
  'Priority support',
];
