import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { isUuid } from '../db/ids';
import { links, pageCopies } from '../db/schema';
import { HttpError } from '../http/errors';
import { permissionUser } from '../auth/current-user';
import type { RequestAuth } from '../auth/request-user';
import { findCustomCategories } from '../categories/service';
import { findCategoryName } from '../../shared/categories';
import { categoryMessages, linkMessages } from '../../shared/link-messages';
import { normaliseForDuplicates, pickCategories } from '../../shared/link-rules';
import type { Link, SaveLinkAnswer, SaveLinkBody, UpdateLinkBody } from '../../shared/links-schemas';
import { can, tierOf, type Action } from '../../shared/permissions';
import { monthlyLinkLimit } from '../../shared/plans';
import { linkColumns, toLink } from './link-answer';
import { countDeletion } from './counters';
import { saveInOneStatement } from './save-statement';

/** Saving, changing and deleting the signed-in user's links. Every statement names the owner. */

function allowed(ctx: AppContext, auth: RequestAuth, action: Action): boolean {
  return can(permissionUser(auth.user, ctx.config), action, { auth: auth.kind, billing: ctx.config.billing });
}

type SavedLink = { created: boolean; answer: SaveLinkAnswer };

/**
 * Saves a link for the signed-in user. `readPage` false: the caller writes the readable copy itself
 * (a mail saved as its own page, inbound-mail/).
 */
export async function saveLink(
  ctx: AppContext,
  auth: RequestAuth,
  body: SaveLinkBody,
  readPage = ctx.config.readPages,
): Promise<SavedLink> {
  const { user } = auth;
  if (!allowed(ctx, auth, 'saveLink')) throw new HttpError(403, 'TRIAL_EXPIRED', linkMessages.trialExpired.text);
  const chosen = await chooseCategories(ctx, auth, body);

  const saved = await saveInOneStatement(
    ctx.database.pool,
    {
      userId: user.id,
      url: body.url,
      normalizedUrl: normaliseForDuplicates(body.url),
      title: body.title || null,
      notes: body.notes || null,
      ...chosen,
      // Without the Pro control, every link goes into the newsletter.
      includeInNewsletter: allowed(ctx, auth, 'toggleNewsletterInclusion') ? (body.includeInNewsletter ?? true) : true,
    },
    { monthlyLimit: monthlyLinkLimit(tierOf(user, ctx.config.billing)), allowDuplicate: body.allowDuplicate ?? false, readPage },
  );
  if (saved.outcome === 'overLimit') throw new HttpError(403, 'MONTHLY_LIMIT', linkMessages.monthlyLimitReached);
  const link = toLink(saved.row, user.timezone);
  if (saved.outcome === 'duplicate') return { created: false, answer: { duplicate: true, link } };
  // A first link may complete an invited friend's referral (the job finds out whether there is one).
  if (saved.firstLink) await ctx.jobs.send('referral.reward', { friendId: user.id }, { singletonKey: user.id });
  return { created: true, answer: { duplicate: false, link } };
}

/**
 * The link's categories as stored: presets and the user's own custom categories, spelled as
 * they are; categoryId points at the primary one when it is custom. Custom ones need Pro or a trial.
 */
async function chooseCategories(ctx: AppContext, auth: RequestAuth, body: Pick<SaveLinkBody, 'category' | 'categories'>) {
  const picked = pickCategories(body);
  if (!picked.ok) throw new HttpError(400, 'VALIDATION', picked.message, { categories: picked.message });
  const notPreset = picked.categories.filter((name) => findCategoryName(name) === undefined);
  const custom = notPreset.length > 0 ? await findCustomCategories(ctx.database.db, auth.user.id, notPreset) : [];
  const customNames = custom.map((category) => category.name);
  const categories = picked.categories.map((name) => {
    const known = findCategoryName(name, customNames);
    if (!known) throw new HttpError(400, 'VALIDATION', linkMessages.unknownCategory, { categories: linkMessages.unknownCategory });
    return known;
  });
  // Using custom categories is part of the same Pro feature as creating them.
  if (custom.length > 0 && !allowed(ctx, auth, 'createCustomCategory'))
    throw new HttpError(403, 'PRO_FEATURE', categoryMessages.customIsProFeature);
  const primaryCustom = custom.find((category) => category.name === categories[0]);
  return { category: categories[0], categories, categoryId: primaryCustom?.id ?? null };
}

export async function updateLink(ctx: AppContext, auth: RequestAuth, id: string, body: UpdateLinkBody): Promise<Link> {
  if (body.includeInNewsletter !== undefined && !allowed(ctx, auth, 'toggleNewsletterInclusion')) {
    throw new HttpError(403, 'PRO_FEATURE', linkMessages.newsletterProFeature.text);
  }
  const editsCategories = body.category !== undefined || body.categories !== undefined;
  const changes = {
    ...(body.includeInNewsletter !== undefined && { includeInNewsletter: body.includeInNewsletter }),
    // Marking a read link read again keeps when it was first read.
    ...(body.read !== undefined && { readAt: body.read ? sql`coalesce(${links.readAt}, now())` : null }),
    // An empty title gives the link its page's title back (none when the page was not read).
    ...(body.title !== undefined && {
      title: body.title || sql`(select ${pageCopies.title} from ${pageCopies} where ${pageCopies.linkId} = ${links.id})`,
    }),
    ...(body.notes !== undefined && { notes: body.notes || null }),
    ...(editsCategories && (await chooseCategories(ctx, auth, body))),
  };
  const [row] = isUuid(id)
    ? await ctx.database.db
        .update(links)
        .set(changes)
        .where(and(eq(links.id, id), eq(links.userId, auth.user.id)))
        .returning(linkColumns)
    : [];
  if (!row) throw new HttpError(404, 'NOT_FOUND', linkMessages.linkNotFound);
  return toLink(row, auth.user.timezone);
}

export async function deleteLink(ctx: AppContext, userId: string, id: string): Promise<void> {
  const deleted =
    isUuid(id) &&
    (await ctx.database.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(links)
        .where(and(eq(links.id, id), eq(links.userId, userId)))
        .returning({ id: links.id });
      if (row) await countDeletion(tx, userId);
      return row !== undefined;
    }));
  if (!deleted) throw new HttpError(404, 'NOT_FOUND', linkMessages.linkNotFound);
}
