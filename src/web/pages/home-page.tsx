import { Redirect } from 'wouter';
import { paths } from '@shared/routes';
import { useCurrentUser } from '@web/auth/use-current-user';
import { LandingPage } from '@web/landing/landing-page';
import { useLandingVisit } from '@web/landing/use-landing-visit';
import { usePageTitle } from '@web/lib/use-page-title';

/** /: the landing page for visitors; a signed-in visitor goes straight to the Stashboard. */
export function HomePage() {
  usePageTitle('Turn saved links into your favourite newsletter');
  const { user, isLoading } = useCurrentUser();
  useLandingVisit('home', !isLoading && !user);
  if (user) return <Redirect to={paths.dashboard} replace />;
  return <LandingPage />;
}
