import { describe, expect, it } from 'vitest';
import { installSteps, wrapStep } from './install-steps';

describe('installSteps', () => {
  it('has four steps for each platform, naming the server', () => {
    for (const platform of ['android', 'ios'] as const) {
      const steps = installSteps(platform, 'stash.example');
      expect(steps).toHaveLength(4);
      expect(steps[0].text).toContain('stash.example');
    }
  });

  it('ends on iOS with the bookmarklet, since iOS has no share target', () => {
    expect(installSteps('ios', 'stash.example')[3].title).toBe('Save pages with the bookmarklet');
  });
});

describe('wrapStep', () => {
  it('moves forward and back, wrapping at both ends', () => {
    expect(wrapStep(0, 1, 4)).toBe(1);
    expect(wrapStep(3, 1, 4)).toBe(0);
    expect(wrapStep(0, -1, 4)).toBe(3);
    expect(wrapStep(2, -1, 4)).toBe(1);
  });
});
