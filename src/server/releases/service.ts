import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { isUuid } from '../db/ids';
import { releases } from '../db/schema';
import { HttpError } from '../http/errors';
import { releaseMessages, type AdminRelease, type createReleaseBody, type Release, type ReleaseType } from '../../shared/releases';

type ReleaseRow = typeof releases.$inferSelect;

const newestFirst = [desc(releases.releaseDate), desc(releases.createdAt)];

/** What /releases shows: published releases, newest first. */
export async function listPublishedReleases(db: Db): Promise<Release[]> {
  const rows = await db
    .select()
    .from(releases)
    .where(eq(releases.isPublished, true))
    .orderBy(...newestFirst);
  return rows.map(toRelease);
}

/** Every release, drafts included, for the administrators' page. */
export async function listAllReleases(db: Db): Promise<AdminRelease[]> {
  const rows = await db
    .select()
    .from(releases)
    .orderBy(...newestFirst);
  return rows.map(toAdminRelease);
}

/** Dated now; public at once only when the administrator ticked 'Publish immediately'. */
export async function createRelease(db: Db, body: z.output<typeof createReleaseBody>): Promise<AdminRelease> {
  const [row] = await db.insert(releases).values(body).returning();
  return toAdminRelease(row);
}

/** Makes a draft public, dated the day it goes out; publishing a published release changes nothing. */
export async function publishRelease(db: Db, id: string): Promise<AdminRelease> {
  if (!isUuid(id)) throw new HttpError(404, 'NOT_FOUND', releaseMessages.notFound);
  const [published] = await db
    .update(releases)
    .set({ isPublished: true, releaseDate: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(releases.id, id), eq(releases.isPublished, false)))
    .returning();
  if (published) return toAdminRelease(published);
  const [existing] = await db.select().from(releases).where(eq(releases.id, id));
  if (!existing) throw new HttpError(404, 'NOT_FOUND', releaseMessages.notFound);
  return toAdminRelease(existing);
}

function toRelease(row: ReleaseRow): Release {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    type: row.type as ReleaseType,
    version: row.version,
    releaseDate: row.releaseDate.toISOString(),
  };
}

function toAdminRelease(row: ReleaseRow): AdminRelease {
  return { ...toRelease(row), isPublished: row.isPublished };
}
