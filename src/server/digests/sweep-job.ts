import type { AppContext } from '../context';
import { defineJob } from '../jobs/define';
import { adoptSchedules, takeDueSlots } from './due';
import { repairSends } from './repair';
import type { Slot } from './send-rows';

/** Every minute, on one instance at a time: repairs, new schedules, and the digests now due. */
export const sweepDigestsJob = defineJob({
  name: 'digests.sweep',
  // On the minute (jobs/minute-clock.ts): a cron could start it up to half a minute late.
  every: 'minute',
  // At most one sweep runs at once, whichever instance fetched it.
  policy: 'singleton',
  retryLimit: 0,
  handler: async (_payload, ctx) => {
    await sweepDigests(ctx);
  },
});

export interface SweepReport {
  due: number;
  enqueued: number;
  adopted: number;
  repairs: Omit<Awaited<ReturnType<typeof repairSends>>, 'requeued'> & { requeued: number };
}

/**
 * One sweep. The sends it finds due are enqueued one job per user and slot, keyed by both, and
 * spread at DIGEST_SEND_RATE a second: ten thousand digests due at 8:00 go out over the next few
 * minutes rather than in one burst.
 */
export async function sweepDigests(ctx: AppContext, now = new Date()): Promise<SweepReport> {
  const repairs = await repairSends(ctx, now);
  await enqueueSends(ctx, repairs.requeued, () => now);

  const adopted = await adoptSchedules(ctx, now);

  let enqueued = 0;
  const pace = (i: number) => new Date(now.getTime() + (i * 1000) / ctx.config.digestSendRate);
  const due = await takeDueSlots(ctx, now, async (slots) => {
    await enqueueSends(ctx, slots, (i) => pace(enqueued + i));
    enqueued += slots.length;
  });
  if (due > 0 || repairs.requeued.length > 0)
    ctx.log.info({ due, enqueued, adopted, ...repairs, requeued: repairs.requeued.length }, 'digest sweep');
  return { due, enqueued, adopted, repairs: { ...repairs, requeued: repairs.requeued.length } };
}

async function enqueueSends(ctx: AppContext, slots: Slot[], startAt: (i: number) => Date): Promise<void> {
  await ctx.jobs.sendMany(
    'digests.send',
    slots.map((slot, i) => {
      const scheduledFor = slot.scheduledFor.toISOString();
      return { payload: { userId: slot.userId, scheduledFor }, singletonKey: `${slot.userId}:${scheduledFor}`, startAfter: startAt(i) };
    }),
  );
}
