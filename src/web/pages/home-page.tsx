import { Redirect, Link } from 'wouter';
import { paths } from '@shared/routes';
import { useCurrentUser } from '@web/auth/use-current-user';
import { Button } from '@web/components/ui/button';
import { usePageTitle } from '@web/lib/use-page-title';

/** The landing page's opening; the full landing page (video, features, social proof) comes later. */
export function HomePage() {
  usePageTitle('Turn saved links into your favourite newsletter');
  const { user } = useCurrentUser();
  if (user) return <Redirect to={paths.dashboard} replace />;

  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
      <h1 className="text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">Turn saved links into your favourite newsletter</h1>
      <p className="text-lg text-muted-foreground text-balance">
        Stash the links you find during the day and get them back as your own curated reading list, delivered to your inbox when you want
        it.
      </p>
      <p className="text-lg font-semibold">Start actually reading what you save.</p>
      <Button asChild size="lg">
        <Link href={paths.signup}>Start Your Free Trial</Link>
      </Button>
    </section>
  );
}
