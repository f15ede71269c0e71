import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { Button } from '@web/components/ui/button';

/** For a Pro account on a plan page: nothing to buy, the plan is managed in Settings. */
export function AlreadyProNotice() {
  return (
    <div className="grid justify-items-center gap-4 text-center">
      <p>You already have Stash Pro.</p>
      <Button asChild>
        <Link href={paths.settings}>Manage your plan</Link>
      </Button>
    </div>
  );
}
