import { paths } from '@shared/routes';

/** /upgrade as the second sign-up journey's link opens it (billing/journey.ts). */
const upgradeJourneyB = `${paths.upgrade}?journey=b`;

/**
 * The public pages written to HTML at build time (scripts/prerender.ts), so they paint before any
 * script runs, each a path and, for a page that reads it, a query. Each must render the same with no
 * signed-in user and no data yet: what they load (the landing page's live figures, the plans, the
 * releases) comes after, as before.
 */
export const prerenderedPages = [
  paths.home,
  paths.pricing,
  paths.upgrade,
  upgradeJourneyB,
  paths.changeMyMind,
  paths.yesNoDrake,
  paths.privacy,
  paths.support,
  paths.mobileApps,
  paths.releases,
  paths.auth,
  paths.signup,
] as const;

/**
 * The prerendered pages visitors land on from outside: they come with the small script of islands/,
 * which wires up the parts that react, not with the app, which the others hydrate (main.tsx).
 */
export const islandPages: readonly string[] = [paths.home, paths.pricing, paths.upgrade, upgradeJourneyB];

/** The element of a prerendered page holding the query data it was rendered with (JSON). */
export const PRERENDERED_QUERIES_ID = 'prerendered-queries';

/** The template of an island page holding what its script puts in (the signed-out navigation, a spinner). */
export const ISLAND_PARTS_ID = 'island-parts';
