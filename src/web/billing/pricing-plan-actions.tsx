import { Link } from 'wouter';
import { NO_CHECKOUT_URL, paymentToasts } from '@shared/billing-messages';
import { tierOf, type Tier } from '@shared/permissions';
import type { PlanInterval } from '@shared/plans';
import { paths } from '@shared/routes';
import { useCurrentUser } from '@web/auth/use-current-user';
import { PendingButton } from '@web/components/pending-button';
import { buttonVariants } from '@web/components/ui/button-variants';
import { toast } from '@web/toasts/use-toast';
import { ContinueOnFreeButton } from './continue-on-free-button';
import { goToCheckout } from './go-to-checkout';
import { useStartCheckout } from './use-billing';

// The two buttons under /pricing's plan cards, the only parts of the page that depend on who is
// signed in: they alone render again when hydration ends and when the current user answers, not
// the whole page in one uninterrupted task. Their classes are joined, not merged (no tailwind-merge).

const outlineButton = `${buttonVariants({ variant: 'outline' })} w-full`;

/** What the Free card says to a signed-in user who cannot choose it now (an ended trial can: "Continue on Free"). */
const freeCardLabels: Record<Exclude<Tier, 'trialExpired'>, string> = {
  free: 'Your current plan',
  trial: 'Yours to choose when your trial ends',
  pro: 'Where your account goes if Pro ends',
};

export function FreePlanAction() {
  const { user } = useCurrentUser();
  const tier = user ? tierOf(user, user.billing) : null;
  if (tier === 'trialExpired') return <ContinueOnFreeButton className="w-full" />;
  if (tier)
    return (
      <button type="button" disabled className={outlineButton}>
        {freeCardLabels[tier]}
      </button>
    );
  return (
    <Link href={paths.auth} className={outlineButton}>
      Get started free
    </Link>
  );
}

export function ProPlanAction({ plan }: { plan: PlanInterval }) {
  const { user } = useCurrentUser();
  const checkout = useStartCheckout();
  if (!user)
    return (
      <Link href={paths.proSignup} className={`${buttonVariants()} w-full`}>
        Upgrade to Pro
      </Link>
    );
  if (tierOf(user, user.billing) === 'pro')
    return (
      <Link href={paths.settings} className={outlineButton}>
        Your current plan: manage it in Settings
      </Link>
    );
  const upgrade = () =>
    checkout.mutate(
      { plan, from: 'pricing' },
      {
        onSuccess: goToCheckout,
        onError: (error) => {
          const { title, text } = error.message === NO_CHECKOUT_URL ? paymentToasts.noCheckoutUrl : paymentToasts.checkoutFailed;
          toast({ variant: 'destructive', title, description: text });
        },
      },
    );
  return (
    <PendingButton className="w-full" pending={checkout.isPending} pendingLabel="Opening checkout..." onClick={upgrade}>
      Upgrade to Pro
    </PendingButton>
  );
}
