import { Link } from 'wouter';
import { billingMessages } from '@shared/billing-messages';
import { paths } from '@shared/routes';
import { Page } from '@web/components/page';
import { buttonVariants } from '@web/components/ui/button-variants';

export const BILLING_OFF_TITLE = 'Every feature is included';

/** What the plan pages (/pricing, /upgrade, /upgrade-trial, /pro-signup) show on a self-hosted install: nothing to buy. */
export function BillingOffPage() {
  return (
    <Page title={BILLING_OFF_TITLE}>
      <div className="mt-6 grid max-w-xl gap-4">
        <p className="text-lg">{billingMessages.billingOff}</p>
        <Link href={paths.dashboard} className={`${buttonVariants()} w-fit`}>
          Go to your Stashboard
        </Link>
      </div>
    </Page>
  );
}
