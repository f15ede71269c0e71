import type { BillingMode } from '@shared/permissions';
import { tierOf } from '@shared/permissions';
import { paths } from '@shared/routes';
import { trialStatus, TRIAL_URGENT_DAYS, type TrialUser } from '@shared/trial';

/*
 * Which upgrade banner someone sees (docs/product/plans-and-billing.md, Upgrade banners): none for Pro (or with billing
 * off); 'expired' once a trial has ended; 'endingSoon' in a trial's last 3 days; a 'subtle',
 * dismissible one earlier in a trial; the 'default' one for free accounts.
 */

export type UpgradeBannerVariant = 'expired' | 'endingSoon' | 'subtle' | 'default';

export interface UpgradeBanner {
  variant: UpgradeBannerVariant;
  title: string;
  href: string;
  dismissible: boolean;
}

function daysLeftText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} left in your trial`;
}

export function chooseUpgradeBanner(user: TrialUser & { billing: BillingMode }, now: Date = new Date()): UpgradeBanner | null {
  switch (tierOf(user, user.billing, now)) {
    case 'pro':
      return null;
    case 'trialExpired':
      return { variant: 'expired', title: 'Your free trial has ended', href: paths.upgradeTrial, dismissible: false };
    case 'trial': {
      const { daysRemaining } = trialStatus(user, now);
      if (daysRemaining <= TRIAL_URGENT_DAYS) {
        return { variant: 'endingSoon', title: daysLeftText(daysRemaining), href: paths.upgradeTrial, dismissible: false };
      }
      return { variant: 'subtle', title: 'Upgrade to Pro', href: paths.upgradeTrial, dismissible: true };
    }
    case 'free':
      return { variant: 'default', title: 'Upgrade to Pro', href: paths.pricing, dismissible: false };
  }
}
