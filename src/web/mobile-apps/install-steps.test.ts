import { describe, expect, it } from 'vitest';
import { installSteps, platformOf, wrapStep } from './install-steps';

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

  it('marks the share sheet step as Android only', () => {
    expect(
      installSteps('android', 'stash.example')
        .filter((step) => step.androidOnly)
        .map((step) => step.title),
    ).toEqual(['Share links to Stash']);
    expect(installSteps('ios', 'stash.example').some((step) => step.androidOnly)).toBe(false);
  });

  it('shows an iPhone its own steps first', () => {
    expect(
      platformOf('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1'),
    ).toBe('ios');
    expect(platformOf('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36')).toBe('android');
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
