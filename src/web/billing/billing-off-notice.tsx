import { Link } from 'wouter';
import { billingMessages } from '@shared/billing-messages';
import { paths } from '@shared/routes';
import { Button } from '@web/components/ui/button';

/** What the plan pages show on a self-hosted install: nothing to buy. */
export function BillingOffNotice() {
  return (
    <div className="mt-6 grid max-w-xl gap-4">
      <p className="text-lg">{billingMessages.billingOff}</p>
      <Button asChild className="w-fit">
        <Link href={paths.dashboard}>Go to your Stashboard</Link>
      </Button>
    </div>
  );
}
