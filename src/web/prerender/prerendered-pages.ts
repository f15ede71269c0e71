import { paths } from '@shared/routes';

/**
 * The public pages written to HTML at build time (scripts/prerender.ts), so they paint before the
 * app's script runs; the client then hydrates them (main.tsx). Each must render the same with no
 * signed-in user, no query string and no data yet: what they load (the landing page's live figures,
 * the plans, the releases) comes after hydration, as before.
 */
export const prerenderedPages = [
  paths.home,
  paths.pricing,
  paths.changeMyMind,
  paths.yesNoDrake,
  paths.privacy,
  paths.support,
  paths.mobileApps,
  paths.releases,
  paths.auth,
  paths.signup,
] as const;

/** The element of a prerendered page holding the query data it was rendered with (JSON). */
export const PRERENDERED_QUERIES_ID = 'prerendered-queries';
