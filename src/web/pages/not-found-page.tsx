import { Link } from 'wouter';
import { paths } from '@shared/routes';
import { Page } from '@web/components/page';
import { buttonVariants } from '@web/components/ui/button-variants';

/** Any path the app does not know: says so, and offers the two ways on (My Stash asks a visitor to sign in first). */
export function NotFoundPage() {
  return (
    <Page title="404 Page Not Found">
      <p className="mt-4 text-muted-foreground">There is no page at this address. It may have moved, or the link has a typo.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        {/* Links with the buttons' look, without Button's Slot and class merging: this page comes with the app's first script. */}
        <Link href={paths.history} className={buttonVariants()}>
          Open My Stash
        </Link>
        <Link href={paths.home} className={buttonVariants({ variant: 'outline' })}>
          Go to the home page
        </Link>
      </div>
    </Page>
  );
}
