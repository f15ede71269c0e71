import { X } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import type { CurrentUser } from '@shared/auth-schemas';
import { freePlanChoice } from '@shared/billing-messages';
import { ContinueOnFreeButton } from '@web/billing/continue-on-free-button';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { chooseUpgradeBanner, type UpgradeBannerVariant } from './upgrade-banner-choice';
import { useSessionDismissal } from './use-session-dismissal';

const looks: Record<UpgradeBannerVariant, { text: string; action: string; className: string }> = {
  expired: {
    text: freePlanChoice.trialEnded,
    action: 'Upgrade to Pro',
    className: 'border-destructive bg-red-50 text-red-950 dark:bg-red-950 dark:text-red-50',
  },
  endingSoon: {
    text: 'Upgrade now to keep custom categories, newsletter control and daily digests.',
    action: 'Upgrade to Pro',
    className: 'border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-600 dark:bg-amber-950 dark:text-amber-50',
  },
  subtle: {
    text: 'Keep every Pro feature when your trial ends.',
    action: 'See plans',
    className: 'border-border text-sm',
  },
  default: {
    text: 'Unlimited links, daily digests, custom categories and control over your newsletter.',
    action: 'Upgrade',
    className: 'border-primary',
  },
};

/** The upgrade prompt for whoever needs one; Pro users (and everyone with billing off) never see it. */
export function UpgradeBanner({ user }: { user: CurrentUser }) {
  const titleId = useId();
  const [dismissed, dismiss] = useSessionDismissal('stash.upgrade-banner');
  const banner = chooseUpgradeBanner(user);
  if (!banner || (banner.dismissible && dismissed)) return null;
  const look = looks[banner.variant];

  return (
    <section aria-labelledby={titleId} className={cn('flex flex-wrap items-center gap-3 rounded-lg border p-4', look.className)}>
      <div className="grid flex-1 gap-1">
        <p id={titleId} className="font-semibold">
          {banner.title}
        </p>
        <p className="text-sm">{look.text}</p>
      </div>
      {/* The outline's own border is the cards' faint one, which leaves the button looking disabled on a dark page: this one is drawn in the primary colour. */}
      <Button
        asChild
        size="sm"
        variant={banner.variant === 'subtle' ? 'outline' : 'default'}
        className={cn(banner.variant === 'subtle' && 'border-primary')}
      >
        <Link href={banner.href}>{look.action}</Link>
      </Button>
      {banner.variant === 'expired' && <ContinueOnFreeButton size="sm" />}
      {banner.dismissible && (
        <Button variant="ghost" size="sm" className="size-9 px-0" aria-label="Dismiss" onClick={dismiss}>
          <X aria-hidden />
        </Button>
      )}
    </section>
  );
}
