import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/*
 * Telling a reader from a mail scanner. Security scanners (Microsoft Safe Links, Proofpoint,
 * Mimecast …) fetch every link of a message within seconds of its delivery, often with a real
 * browser, so neither the request's method nor its User-Agent gives them away reliably. What does:
 * a person opens one link, reads, perhaps comes back for another; a scanner opens many at once.
 * So an open marks its link read only while it is not part of a burst — BURST_LINKS different links
 * of the same person within BURST_WINDOW — and the open that makes a burst takes back the reads the
 * earlier opens of that burst marked. (A HEAD never marks anything: public-routes.ts.) The cost: a
 * reader who opens three links in ten seconds marks them read in the app instead.
 */

const BURST_LINKS = 3;
const BURST_WINDOW = sql`interval '10 seconds'`;
/** Opens are only needed for the burst check; a day's are kept, then pruned (mail.prune). */
const KEEP_OPENS = sql`interval '1 day'`;

/** Records an open of a digest's link and marks it read unless it is part of a burst or `markRead` is false. */
export async function recordLinkOpen(db: Db, open: { userId: string; linkId: string; markRead: boolean }): Promise<void> {
  const { userId, linkId } = open;
  await db.transaction(async (tx) => {
    // One person's opens one at a time, so that simultaneous opens of a burst all see each other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('digest-link-opens'), hashtext(${userId}))`);
    const { rows } = await tx.execute<{ others: number }>(sql`
      select count(distinct link_id)::int as others from digest_link_opens
      where user_id = ${userId} and opened_at > now() - ${BURST_WINDOW} and link_id <> ${linkId}`);
    const burst = rows[0].others + 1 >= BURST_LINKS;
    if (burst) {
      await tx.execute(sql`
        update links l set read_at = null from digest_link_opens o
        where o.user_id = ${userId} and o.marked_read and o.opened_at > now() - ${BURST_WINDOW} and l.id = o.link_id and l.user_id = ${userId}`);
      await tx.execute(
        sql`update digest_link_opens set marked_read = false where user_id = ${userId} and marked_read and opened_at > now() - ${BURST_WINDOW}`,
      );
    }
    let markedRead = false;
    if (open.markRead && !burst) {
      const marked = await tx.execute(
        sql`update links set read_at = now() where id = ${linkId} and user_id = ${userId} and read_at is null`,
      );
      markedRead = (marked.rowCount ?? 0) > 0;
    }
    await tx.execute(sql`insert into digest_link_opens (user_id, link_id, marked_read) values (${userId}, ${linkId}, ${markedRead})`);
  });
}

export async function pruneLinkOpens(db: Db): Promise<number> {
  const { rowCount } = await db.execute(sql`delete from digest_link_opens where opened_at < now() - ${KEEP_OPENS}`);
  return rowCount ?? 0;
}
