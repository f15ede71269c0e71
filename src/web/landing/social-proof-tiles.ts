import type { LandingStats } from '@shared/public-site';

export interface ProofTile {
  figure: string;
  label: string;
}

/** Always true of Stash: what the section says while the live figures are below their claims. */
const facts: ProofTile[] = [
  { figure: '14 days', label: 'Free trial, no card needed' },
  { figure: 'Daily or weekly', label: 'Digests at the hour you choose' },
  { figure: 'Up to 3', label: 'Categories on every link' },
];

/**
 * Made on first use, not when the module loads: the first Intl formatter of a page costs about 15 ms
 * of the main thread (a phone's 60), which every island page paid while evaluating its script
 * (docs/web-app.md, Public pages as islands), though only a live figure needs it.
 */
let numberFormat: Intl.NumberFormat | undefined;
const formatted = (n: number) => (numberFormat ??= new Intl.NumberFormat('en-US')).format(n);

/**
 * The social-proof section's three tiles (docs/product/public-site.md, Landing claims): each live figure the server
 * vouches for (it sends null below the claim), then true facts about Stash to make three.
 */
export function socialProofTiles(stats: LandingStats | undefined): ProofTile[] {
  const live: ProofTile[] = [];
  if (stats?.linksSavedLastMonth != null) live.push({ figure: formatted(stats.linksSavedLastMonth), label: 'Links saved last month' });
  if (stats?.digestsSentLastDay != null) live.push({ figure: formatted(stats.digestsSentLastDay), label: 'Daily newsletters sent' });
  return [...live, ...facts].slice(0, 3);
}
