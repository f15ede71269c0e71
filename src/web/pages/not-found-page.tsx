import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { Page } from '@web/components/page';
import { Button } from '@web/components/ui/button';

/** Any path the app does not know: says so, and offers the two ways on (My Stash asks a visitor to sign in first). */
export function NotFoundPage() {
  return (
    <Page title="404 Page Not Found">
      <p className="mt-4 text-muted-foreground">There is no page at this address. It may have moved, or the link has a typo.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button asChild>
          <Link href={paths.history}>Open My Stash</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={paths.home}>Go to the home page</Link>
        </Button>
      </div>
    </Page>
  );
}
