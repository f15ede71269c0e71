import { afterEach, describe, expect, it, vi } from 'vitest';
import { allJobs } from '../all-jobs';
import { startMinuteClock } from './minute-clock';

afterEach(() => {
  vi.useRealTimers();
});

describe('the minute clock', () => {
  it("sends the minute sweeps (personal digests, subscribers' digests) on each minute, keyed by the minute, and nothing once stopped", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T08:59:59.600Z') });
    const sent: { name: string; key?: string }[] = [];
    const clock = startMinuteClock(
      {
        jobs: {
          send: async (name, _payload, options) => {
            sent.push({ name, key: options?.singletonKey });
            return null;
          },
          sendMany: async () => {},
        },
        log: console as never,
      },
      allJobs,
    );

    await vi.advanceTimersByTimeAsync(399);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const sweeps = (key: string) => [
      { name: 'digests.sweep', key },
      { name: 'sharing.subscriber-digests', key },
    ];
    expect(sent).toEqual(sweeps('2026-11-26T09:00:00.000Z'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toEqual([...sweeps('2026-11-26T09:00:00.000Z'), ...sweeps('2026-11-26T09:01:00.000Z')]);

    clock.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sent).toHaveLength(4);
  });
});
