import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { isUuid } from '../db/ids';
import { categories, links, users } from '../db/schema';
import { HttpError } from '../http/errors';
import type { RequestAuth } from '../auth/request-user';
import { permissionUser } from '../auth/current-user';
import { isPresetCategory } from '../../shared/categories';
import { categoryMessages } from '../../shared/link-messages';
import type { CategoryCount, CategoryItem } from '../../shared/links-schemas';
import { can } from '../../shared/permissions';
import { publicCategoryPath } from '../../shared/sharing';

/*
 * Custom categories (Pro and trial) beside the ten presets, and the categories used on links.
 * Links hold their category names as text: deleting a custom category leaves the links that use
 * it as they are (their categoryId is cleared by the foreign key).
 */

export const categoryColumns = {
  id: categories.id,
  name: categories.name,
  public: categories.public,
  showNotes: categories.showNotes,
  allowIndexing: categories.allowIndexing,
  description: categories.description,
  slug: categories.slug,
  removedReason: categories.removedReason,
};
export interface CategoryRow {
  id: string;
  name: string;
  public: boolean;
  showNotes: boolean;
  allowIndexing: boolean;
  description: string | null;
  slug: string | null;
  removedReason: string | null;
}

/** A category as the API shows it, with the address of its public page when it has one. */
export function toCategoryItem(row: CategoryRow, appUrl: string, handle: string | null): CategoryItem {
  return {
    id: row.id,
    name: row.name,
    public: row.public,
    showNotes: row.showNotes,
    allowIndexing: row.allowIndexing,
    description: row.description,
    publicUrl: row.public && handle && row.slug ? `${appUrl}${publicCategoryPath(handle, row.slug)}` : null,
    removedReason: row.removedReason as CategoryItem['removedReason'],
  };
}

export async function listCustomCategories(ctx: AppContext, userId: string): Promise<CategoryItem[]> {
  const rows = await ctx.database.db
    .select({ ...categoryColumns, handle: users.handle })
    .from(categories)
    .innerJoin(users, eq(users.id, categories.userId))
    .where(eq(categories.userId, userId))
    .orderBy(asc(sql`lower(${categories.name})`));
  return rows.map((row) => toCategoryItem(row, ctx.config.appUrl, row.handle));
}

/** Every category name on the user's links (each link's primary category is the first of its list). */
export async function listUsedCategories(db: Db, userId: string): Promise<string[]> {
  const name = sql<string>`jsonb_array_elements_text(${links.categories})`;
  const rows = await db.selectDistinct({ name }).from(links).where(eq(links.userId, userId)).orderBy(asc(name));
  return rows.map((row) => row.name);
}

/** How many links carry each category; a link with three categories counts in each. */
export async function countLinksByCategory(db: Db, userId: string): Promise<CategoryCount[]> {
  const names = db
    .select({ name: sql<string>`jsonb_array_elements_text(${links.categories})`.as('name') })
    .from(links)
    .where(eq(links.userId, userId))
    .as('names');
  return db.select({ category: names.name, count: count() }).from(names).groupBy(names.name).orderBy(desc(count()), asc(names.name));
}

export async function createCategory(ctx: AppContext, auth: RequestAuth, name: string): Promise<CategoryItem> {
  if (!can(permissionUser(auth.user, ctx.config), 'createCustomCategory', { auth: auth.kind, billing: ctx.config.billing })) {
    throw new HttpError(403, 'PRO_FEATURE', categoryMessages.customIsProFeature);
  }
  if (isPresetCategory(name)) throw new HttpError(409, 'CATEGORY_EXISTS', categoryMessages.alreadyExists);
  try {
    const [created] = await ctx.database.db.insert(categories).values({ userId: auth.user.id, name }).returning(categoryColumns);
    return toCategoryItem(created, ctx.config.appUrl, null);
  } catch (error) {
    // The unique index on (user, lower(name)) decides, also between two requests at once.
    if (isUniqueViolation(error)) throw new HttpError(409, 'CATEGORY_EXISTS', categoryMessages.alreadyExists);
    throw error;
  }
}

export async function deleteCategory(db: Db, userId: string, id: string): Promise<void> {
  const deleted = isUuid(id)
    ? await db
        .delete(categories)
        .where(and(eq(categories.id, id), eq(categories.userId, userId)))
        .returning({ id: categories.id })
    : [];
  if (deleted.length === 0) throw new HttpError(404, 'NOT_FOUND', categoryMessages.notFound);
}

/** The user's custom categories whose names (any case) are among `names`. */
export async function findCustomCategories(db: Db, userId: string, names: string[]): Promise<{ id: string; name: string }[]> {
  const lowered = names.map((name) => name.toLowerCase());
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.userId, userId), inArray(sql`lower(${categories.name})`, lowered)));
}
