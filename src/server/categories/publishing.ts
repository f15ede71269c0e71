import { and, eq, like, or } from 'drizzle-orm';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { isUuid } from '../db/ids';
import { categories, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { RequestAuth } from '../auth/request-user';
import { permissionUser } from '../auth/current-user';
import type { CategoryItem } from '../../shared/links-schemas';
import { can } from '../../shared/permissions';
import { type PublishCategoryBody, sharingMessages, slugOf } from '../../shared/sharing';
import { removeSubscribers } from '../sharing/unpublished';
import { categoryColumns, toCategoryItem } from './service';

/**
 * Publishes or unpublishes one of the user's custom categories (docs/sharing.md). Publishing is
 * for Pro and trial accounts with a handle; unpublishing is open to everyone, so a lapsed Pro can
 * always take a page down, and takes its subscribers with it. The slug is chosen at the first
 * publishing and kept.
 */
export async function publishCategory(ctx: AppContext, auth: RequestAuth, id: string, body: PublishCategoryBody): Promise<CategoryItem> {
  const { db } = ctx.database;
  const [row] = isUuid(id)
    ? await db
        .select({ ...categoryColumns, handle: users.handle })
        .from(categories)
        .innerJoin(users, eq(users.id, categories.userId))
        .where(and(eq(categories.id, id), eq(categories.userId, auth.user.id)))
    : [];
  if (!row) throw new HttpError(404, 'NOT_FOUND', sharingMessages.categoryNotFound);

  if (body.public) {
    if (!can(permissionUser(auth.user, ctx.config), 'publishCategory', { auth: auth.kind, billing: ctx.config.billing })) {
      throw new HttpError(403, 'PRO_FEATURE', sharingMessages.publishIsPro);
    }
    if (row.removedReason === 'takedown') throw new HttpError(409, 'TAKEN_DOWN', sharingMessages.takenDown);
    if (!row.handle) throw new HttpError(409, 'HANDLE_NEEDED', sharingMessages.handleNeeded);
  }

  const changes = {
    public: body.public,
    ...(body.showNotes === undefined ? {} : { showNotes: body.showNotes }),
    ...(body.allowIndexing === undefined ? {} : { allowIndexing: body.allowIndexing }),
    ...(body.description === undefined ? {} : { description: body.description || null }),
    ...(body.public && !row.public ? { publishedAt: new Date(), removedReason: null, removedAt: null } : {}),
  };
  const slug = body.public && !row.slug ? await freeSlug(ctx, auth.user.id, slugOf(row.name)) : row.slug;
  for (let attempt = 0; ; attempt++) {
    try {
      const nextSlug = attempt === 0 ? slug : await freeSlug(ctx, auth.user.id, slugOf(row.name));
      const updated = await db.transaction(async (tx) => {
        const [saved] = await tx
          .update(categories)
          .set({ ...changes, slug: nextSlug })
          .where(and(eq(categories.id, row.id), eq(categories.userId, auth.user.id)))
          .returning(categoryColumns);
        // Unpublishing takes the subscribers with it: nothing more reaches them, even once it is published again.
        if (!body.public) await removeSubscribers(tx, row.id);
        return saved;
      });
      return toCategoryItem(updated, ctx.config.appUrl, row.handle);
    } catch (error) {
      // Another category of the user took the slug between the look and the write.
      if (!isUniqueViolation(error) || attempt > 2) throw error;
    }
  }
}

/** `base`, or `base-2`, `base-3`… : the first slug none of the user's categories has. */
async function freeSlug(ctx: AppContext, userId: string, base: string): Promise<string> {
  const taken = await ctx.database.db
    .select({ slug: categories.slug })
    .from(categories)
    .where(and(eq(categories.userId, userId), or(eq(categories.slug, base), like(categories.slug, `${base}-%`))));
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
