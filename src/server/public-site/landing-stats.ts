import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { digestSends, links } from '../db/schema';
import { socialProofClaims, type LandingStats } from '../../shared/public-site';

interface LandingFigures {
  /** Links anyone saved in the last 30 days. */
  linksSavedLastMonth: number;
  /** Digests sent for the slots of the last 24 hours. */
  digestsSentLastDay: number;
}

async function countLandingFigures(db: Db): Promise<LandingFigures> {
  const [[saved], [sent]] = await Promise.all([
    db.select({ n: count() }).from(links).where(gte(links.createdAt, sql`now() - interval '30 days'`)),
    db
      .select({ n: count() })
      .from(digestSends)
      .where(and(eq(digestSends.status, 'sent'), gte(digestSends.scheduledFor, sql`now() - interval '1 day'`))),
  ]);
  return { linksSavedLastMonth: saved.n, digestsSentLastDay: sent.n };
}

/** docs/product/public-site.md, Landing claims: a figure is shown only once it reaches the claim; below it, nothing is said. */
function provenClaims(figures: LandingFigures): LandingStats {
  const proven = (value: number, claim: number) => (value >= claim ? value : null);
  return {
    linksSavedLastMonth: proven(figures.linksSavedLastMonth, socialProofClaims.linksSavedLastMonth),
    digestsSentLastDay: proven(figures.digestsSentLastDay, socialProofClaims.digestsSentLastDay),
  };
}

/**
 * The stats every landing-page view asks for, counted at most once per `maxAgeMs` by this process:
 * counting a month of links is a scan that anonymous visitors must not be able to trigger at will.
 */
export function cachedLandingStats(db: Db, maxAgeMs: number): () => Promise<LandingStats> {
  let cached: { stats: Promise<LandingStats>; at: number } | undefined;
  return () => {
    if (!cached || Date.now() - cached.at >= maxAgeMs) {
      const stats = countLandingFigures(db).then(provenClaims);
      cached = { stats, at: Date.now() };
      // A failed count is not kept: the next visitor tries again.
      stats.catch(() => {
        if (cached?.stats === stats) cached = undefined;
      });
    }
    return cached.stats;
  };
}
