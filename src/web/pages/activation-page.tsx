import { ActivationTour } from '@web/activation/activation-tour';
import { usePageTitle } from '@web/lib/use-page-title';

/** /activation: the welcome tour that follows sign-up. */
export function ActivationPage() {
  usePageTitle('Welcome to Stash');
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-8 px-4 py-10">
      <div className="text-center">
        <h1 className="text-3xl font-bold tracking-tight">Welcome to Stash</h1>
        <p className="mt-2 text-muted-foreground">A quick tour of how your saved links become your newsletter.</p>
      </div>
      <ActivationTour />
    </div>
  );
}
