import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categorySubscribers } from '../db/schema';

/**
 * A category that stops being public loses its subscribers, confirmed or pending, with their tokens
 * (docs/sharing.md, Unpublishing): none of them gets anything more, and publishing it again starts
 * with nobody, each address subscribing and confirming anew. Their sent messages stay in the outbox,
 * no longer naming them.
 */
export async function removeSubscribers(db: Pick<Db, 'delete'>, categoryId: string): Promise<void> {
  await db.delete(categorySubscribers).where(eq(categorySubscribers.categoryId, categoryId));
}
