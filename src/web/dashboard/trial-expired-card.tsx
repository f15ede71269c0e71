import { Link } from 'wouter';
import { linkMessages } from '@shared/link-messages';
import { paths } from '@shared/routes';
import { ContinueOnFreeButton } from '@web/billing/continue-on-free-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** Stands in for the add-link card once a trial has ended without Pro, until the user picks a plan. */
export function TrialExpiredCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Trial Expired</CardTitle>
        <CardDescription>{linkMessages.trialExpired.text}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild>
          <Link href={paths.upgradeTrial}>Upgrade to Pro</Link>
        </Button>
        <ContinueOnFreeButton />
      </CardContent>
    </Card>
  );
}
