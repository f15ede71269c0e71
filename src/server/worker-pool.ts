import type { ResourceLimits } from 'node:worker_threads';
import type { Piscina } from 'piscina';
import { workerScriptUrl } from './worker-script';

/*
 * A worker thread run by piscina: started on the first task, taking one task at a time, never what
 * keeps the process running while idle. Its script's default export does the task and reports its
 * own failures in its answer, so a task that rejects means the thread stopped (a crash, an exhausted
 * heap): the tasks queued behind it fail with it and the next task starts a new thread. The runtime
 * closes every pool on its stop (runtime.ts).
 */
export interface WorkerThread {
  /** The asking module's import.meta.url, the worker's .ts file beside it, its bundle's name (worker-script.ts). */
  script: [caller: string, source: string, built: string];
  /** What a task of a thread that stopped fails with, the cause in parentheses after it. */
  stopped: string;
  /** How long the thread stays once idle. */
  idleMs: number;
  resourceLimits: ResourceLimits;
  niceIncrement?: number;
}

const pools = new Map<WorkerThread, Promise<Piscina>>();

async function startPool({ script, idleMs, resourceLimits, niceIncrement }: WorkerThread): Promise<Piscina> {
  const [{ Piscina }, url] = await Promise.all([import('piscina'), workerScriptUrl(...script)]);
  return new Piscina({ filename: url.href, minThreads: 0, maxThreads: 1, idleTimeout: idleMs, resourceLimits, niceIncrement });
}

function poolFor(thread: WorkerThread): Promise<Piscina> {
  const running = pools.get(thread);
  if (running) return running;
  const pool: Promise<Piscina> = startPool(thread).then((started) =>
    // A thread that fails with no task of its own (its script would not load, say) fails the tasks queued for it.
    started.on('error', () => discard(thread, pool)),
  );
  pools.set(thread, pool);
  return pool;
}

/** Stops a pool whose thread stopped: what it still had queued fails, and the next task starts another. */
function discard(thread: WorkerThread, pool: Promise<Piscina>): void {
  if (pools.get(thread) !== pool) return;
  pools.delete(thread);
  void pool.then(
    (stopped) => stopped.destroy(),
    () => {},
  );
}

/** The worker's answer to `task`. */
export async function runInWorker<Task, Answer>(thread: WorkerThread, task: Task): Promise<Answer> {
  const pool = poolFor(thread);
  try {
    return await (await pool).run(task);
  } catch (error) {
    discard(thread, pool);
    throw new Error(`${thread.stopped} (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Stops every worker thread; a task still under way fails. */
export async function closeWorkerPools(): Promise<void> {
  const closing = [...pools.values()];
  pools.clear();
  await Promise.allSettled(closing.map(async (pool) => (await pool).destroy()));
}
