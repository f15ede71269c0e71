import type { AppContext } from '../../context';
import { runTitleFetches } from './title-fetches';

/** How many fetches run side by side, and how long an idle fetcher waits before looking again. */
const BATCH = 8;
const IDLE_WAIT_MS = 1000;

export interface TitleFetcher {
  /** Lets the fetches under way finish (each ends within safe-fetch's 10 s), then stops. */
  stop(): Promise<void>;
}

/** The worker role's title fetcher: claims due fetches while there are any, else looks again each second. */
export function startTitleFetcher(ctx: AppContext): TitleFetcher {
  let stopping = false;
  let wakeUp = () => {};
  const idle = () => new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, IDLE_WAIT_MS);
    wakeUp = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  const loop = (async () => {
    while (!stopping) {
      let claimed = 0;
      try {
        claimed = await runTitleFetches(ctx, BATCH);
      } catch (err) {
        ctx.log.warn({ err }, 'title fetches failed');
      }
      if (claimed < BATCH && !stopping) await idle();
    }
  })();
  return {
    async stop() {
      stopping = true;
      wakeUp();
      await loop;
    },
  };
}
