import { Link } from 'wouter';
import { linkMessages } from '@shared/link-messages';
import { paths } from '@shared/routes';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';

/** Stands in for the add-link card once a trial has ended without Pro. */
export function TrialExpiredCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Trial Expired</CardTitle>
        <CardDescription>{linkMessages.trialExpired.text}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href={paths.upgrade}>Upgrade to Pro</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
