import { describe, expect, it } from 'vitest';
import { BUSY_REQUESTS_A_SECOND, createRequestActivity } from './request-activity';

describe('request activity', () => {
  it('is busy while requests keep coming, and quiet again a second after they stop', () => {
    let now = 0;
    const activity = createRequestActivity(() => now);
    expect(activity.busy()).toBe(false);
    for (let i = 0; i < BUSY_REQUESTS_A_SECOND; i++) activity.record();
    expect(activity.busy()).toBe(true);
    now = 1500;
    expect(activity.lastSecond()).toBe(BUSY_REQUESTS_A_SECOND / 2);
    expect(activity.busy()).toBe(false);
    now = 5000;
    expect(activity.lastSecond()).toBe(0);
  });

  it('does not count one person browsing as busy', () => {
    let now = 0;
    const activity = createRequestActivity(() => now);
    for (let i = 0; i < 60; i++) {
      now += 250;
      activity.record();
    }
    expect(activity.busy()).toBe(false);
  });
});
