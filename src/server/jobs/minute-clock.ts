import type { AppContext } from '../context';
import type { JobDefinition } from './define';

/**
 * Sends the jobs that run `every: 'minute'` on the minute, from every worker process. pg-boss's own
 * cron looks at its schedules only every 30 s, so a sweep could start 54 s late; this timer starts
 * it within a second of the minute (the queue's polling interval). Each instance sends the minute's
 * job keyed by the minute; the jobs' own policy (singleton) and the sweep's row locks keep two
 * instances from doing the work twice.
 */
export function startMinuteClock(ctx: Pick<AppContext, 'jobs' | 'log'>, jobs: readonly JobDefinition[]): { stop(): void } {
  const names = jobs.filter((definition) => definition.every === 'minute').map((definition) => definition.name);
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000).toISOString();
    for (const name of names) {
      ctx.jobs
        .send(name, {} as never, { singletonKey: minute })
        .catch((err: unknown) => ctx.log.error({ err, job: name }, 'could not send the job of the minute'));
    }
    schedule();
  };
  const schedule = () => {
    timer = setTimeout(tick, 60_000 - (Date.now() % 60_000));
    timer.unref();
  };
  schedule();
  return { stop: () => clearTimeout(timer) };
}
