import { Crown, Hourglass } from 'lucide-react';
import type { CurrentUser } from '@shared/auth-schemas';
import { trialStatus } from '@shared/trial';
import { userTier } from '@web/auth/user-can';
import { Badge } from '@web/components/ui/badge';

/** 'Pro Account', or the days left for a trial that has a payment customer; nothing with billing off. */
export function AccountBadge({ user }: { user: CurrentUser }) {
  if (user.billing === 'off') return null;
  const tier = userTier(user);
  if (tier === 'pro') {
    return (
      <Badge className="gap-1">
        <Crown aria-hidden className="size-3.5" />
        Pro Account
      </Badge>
    );
  }
  if (tier === 'trial' && user.hasStripeCustomer) {
    const days = trialStatus(user).daysRemaining;
    return (
      <Badge variant="outline" className="gap-1">
        <Hourglass aria-hidden className="size-3.5" />
        Trial: {days} {days === 1 ? 'day' : 'days'} left
      </Badge>
    );
  }
  return null;
}
