import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { publicPageStats } from '../db/schema';

type Kind = 'pageViews' | 'feedFetches';

/**
 * Views and feed fetches of public pages, counted in memory and written a row a day per category
 * every few seconds: a write per view would make every reader wait on the same row.
 * A process that dies loses at most those seconds' counts.
 */
export class PageStats {
  private pending = new Map<string, { pageViews: number; feedFetches: number }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly everyMs = 10_000,
  ) {}

  count(categoryId: string, kind: Kind): void {
    let counts = this.pending.get(categoryId);
    if (!counts) this.pending.set(categoryId, (counts = { pageViews: 0, feedFetches: 0 }));
    counts[kind]++;
    this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), this.everyMs).unref();
  }

  /** Writes what was counted so far (also before Settings → Sharing reads the figures, and at close). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const rows = [...this.pending].map(([categoryId, counts]) => ({ categoryId, day: sql`current_date`, ...counts }));
    this.pending = new Map();
    await this.db
      .insert(publicPageStats)
      .values(rows as never)
      .onConflictDoUpdate({
        target: [publicPageStats.categoryId, publicPageStats.day],
        set: {
          pageViews: sql`${publicPageStats.pageViews} + excluded.page_views`,
          feedFetches: sql`${publicPageStats.feedFetches} + excluded.feed_fetches`,
        },
      })
      // A category deleted since it was counted: its counts go with it.
      .catch((error: unknown) => {
        if ((error as { code?: string }).code !== '23503') throw error;
      });
  }
}

const statsByDb = new WeakMap<Db, PageStats>();

/** One counter per database, shared by the public routes and Settings → Sharing. */
export function pageStatsOf(db: Db): PageStats {
  let stats = statsByDb.get(db);
  if (!stats) statsByDb.set(db, (stats = new PageStats(db)));
  return stats;
}
