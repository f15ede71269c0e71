import type { AppContext } from '../context';
import { runPageReads } from './page-reads';

/*
 * The pace of background page reading. While the web app in this process is quiet, batches of
 * BATCH back to back. While it is busy (http/request-activity.ts), the pages take CPU that the
 * answers wait for (docs/product/links.md, Reading saved pages: My Stash's p99 while an import's pages are read), so the reader
 * looks once a tick: links just saved first, a batch a tick (a save is still read within a tick or
 * two); an import's pages only when no save is waiting, and only a few a tick. Once the app is quiet
 * again the backlog is read at full speed. A worker-only process (ROLE=worker) has no requests to
 * count: it reads at full speed, its reader thread at the lowest CPU priority.
 */
export interface Pace {
  /** Pages read side by side. */
  batch: number;
  /** While quiet with nothing due: how long before looking again. */
  idleWaitMs: number;
  /** While busy: how long between two looks. */
  busyTickMs: number;
  /** While busy: an import's pages read in a tick (when no save is waiting). */
  importsPerBusyTick: number;
}

export const PACE: Pace = { batch: 8, idleWaitMs: 1000, busyTickMs: 250, importsPerBusyTick: 1 };

export interface BackgroundReader {
  /** Lets the fetches under way finish (each ends within safe-fetch's 10 s), then stops. */
  stop(): Promise<void>;
}

/** The worker role's page reader: claims due page reads at the pace the web app's activity allows. */
export function startBackgroundReader(ctx: AppContext, pace: Pace = PACE, busy = () => ctx.requestActivity.busy()): BackgroundReader {
  let stopping = false;
  let wakeUp = () => {};
  const rest = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    while (!stopping) {
      const whileBusy = busy();
      let readOn = false;
      try {
        if (whileBusy) {
          const saves = await runPageReads(ctx, pace.batch, 'saves');
          if (saves === 0 && pace.importsPerBusyTick > 0) await runPageReads(ctx, pace.importsPerBusyTick);
        } else {
          readOn = (await runPageReads(ctx, pace.batch)) === pace.batch;
        }
      } catch (err) {
        ctx.log.warn({ err }, 'page reads failed');
      }
      if (!readOn && !stopping) await rest(whileBusy ? pace.busyTickMs : pace.idleWaitMs);
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
