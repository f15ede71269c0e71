import { TrialLink } from './trial-link';

/** For readers of the read-later service that shut down: Stash imports its export (Settings → Import/Export). */
export function PocketBanner() {
  return (
    <section aria-label="Switch from Pocket" className="px-4 py-12">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 rounded-xl border-2 border-primary p-8 text-center sm:flex-row sm:justify-between sm:text-left">
        <p className="text-lg font-semibold">Pocket user? Seamlessly switch to Stash for free.</p>
        <TrialLink from="pocket-banner" variant="outline">
          Switch for free
        </TrialLink>
      </div>
    </section>
  );
}
