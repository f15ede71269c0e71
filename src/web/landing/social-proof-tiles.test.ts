import { describe, expect, it, vi } from 'vitest';
import { socialProofTiles } from './social-proof-tiles';

describe('socialProofTiles', () => {
  it('shows only true facts while no figure reaches its claim (or before the figures arrive)', () => {
    for (const stats of [undefined, { linksSavedLastMonth: null, digestsSentLastDay: null }]) {
      expect(socialProofTiles(stats).map((tile) => tile.figure)).toEqual(['14 days', 'Daily or weekly', 'Up to 3']);
    }
  });

  it('puts each live figure first, formatted, and keeps three tiles', () => {
    expect(socialProofTiles({ linksSavedLastMonth: 12345, digestsSentLastDay: null })).toEqual([
      { figure: '12,345', label: 'Links saved last month' },
      { figure: '14 days', label: 'Free trial, no card needed' },
      { figure: 'Daily or weekly', label: 'Digests at the hour you choose' },
    ]);
    expect(socialProofTiles({ linksSavedLastMonth: 10000, digestsSentLastDay: 612 }).map((tile) => tile.label)).toEqual([
      'Links saved last month',
      'Daily newsletters sent',
      'Free trial, no card needed',
    ]);
  });

  it('makes no number formatter until a live figure needs one (the first costs the page about 15 ms)', async () => {
    vi.resetModules();
    const RealNumberFormat = Intl.NumberFormat;
    const made = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function numberFormat(
      ...args: ConstructorParameters<typeof Intl.NumberFormat>
    ) {
      return new RealNumberFormat(...args);
    } as typeof Intl.NumberFormat);
    const fresh = await import('./social-proof-tiles');
    fresh.socialProofTiles(undefined);
    expect(made).not.toHaveBeenCalled();
    fresh.socialProofTiles({ linksSavedLastMonth: 1000, digestsSentLastDay: 2000 });
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
  });
});
