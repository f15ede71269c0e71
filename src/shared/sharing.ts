import { z } from 'zod';
import { browserEndpoints, paths } from './routes';

/*
 * Public handles, published categories and shared links (docs/sharing.md): the rules and texts the
 * server and the web app agree on.
 */

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;
export const MAX_PUBLIC_DESCRIPTION = 500;
/** Links on one page of a public category, and in its feeds. */
export const PUBLIC_PAGE_SIZE = 20;
export const FEED_SIZE = 50;
/** How long a public page stays readable after its owner's Pro ended. */
export const LAPSED_PAGE_DAYS = 30;

/** The first segment of every path the web app and the server answer, so no handle looks like one of them. */
const routeWords = [...Object.values(paths), ...Object.values(browserEndpoints)]
  .map((path) => path.split('/')[1])
  .filter((word) => word && !word.startsWith(':'));

export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  ...routeWords,
  'api',
  'admin',
  'settings',
  'dev',
  's',
  'assets',
  'static',
  'docs',
  'metrics',
  'feed',
  'stash',
  'www',
  'mail',
  'help',
  'about',
  'root',
  'support',
]);

/** Confirmation mails one address gets a day, and new subscriptions one client address may ask for a minute. */
export const CONFIRMATION_MAILS_A_DAY = 3;
export const SUBSCRIPTIONS_A_MINUTE = 20;

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Fridays at 9:00 AM", with the zone when given. */
export function weeklyDigestLabel(day: number, hour: number, zone?: string): string {
  const at = `${WEEKDAYS[day]}s at ${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? 'AM' : 'PM'}`;
  return zone ? `${at} (${zone})` : at;
}

export const sharingMessages = {
  handleInvalid: 'Handles are 3 to 30 characters: lowercase letters, digits and hyphens',
  handleReserved: 'That handle is reserved. Please choose another one.',
  handleTaken: 'That handle is taken. Please choose another one.',
  handleSaved: 'Handle saved',
  handleNeeded: 'Choose a public handle in Settings → Profile before publishing.',
  publishIsPro: 'Publishing a category is a Pro feature',
  /** Why a free or expired-trial account cannot publish, with the way to Pro beside it. */
  publishIsProWhy: 'Public pages, feeds and shared categories come with Pro. Upgrade to publish this category.',
  takenDown: 'An administrator took this page down; it cannot be published again.',
  /** The Unpublish confirmation (docs/sharing.md, Unpublishing). */
  unpublishWarning:
    'The page and its feeds go away at once, and its subscribers are removed: they get no more e-mail, and if you publish it again, each of them has to subscribe again.',
  categoryNotFound: 'There is no such category.',
  descriptionTooLong: `Descriptions are at most ${MAX_PUBLIC_DESCRIPTION} characters`,
  noReadableCopy: 'Only a link with a readable copy can be shared.',
  shareNotFound: 'There is no such shared link.',
  takedownNotFound: 'No public page or shared link has that address.',
  subscribeBadAddress: 'Please enter an e-mail address such as name@example.com.',
  subscribeCheckInbox: 'Check your inbox: we sent a link to confirm. Nothing else is sent until you confirm.',
  subscribeTooMany: 'Too many sign-ups from your network just now. Please try again in a minute.',
  /** Beside the form: what the subscriber agrees to, and who sees the address. */
  subscribeConsent:
    'Your address is used only for this weekly e-mail. The curator sees how many people subscribe and, with Stash Pro, can export their addresses. Every e-mail has a one-click unsubscribe.',
  exportIsPro: 'Exporting subscribers is a Pro feature',
} as const;

export const handleField = z
  .string()
  .trim()
  .regex(new RegExp(`^[a-z0-9-]{${HANDLE_MIN},${HANDLE_MAX}}$`), sharingMessages.handleInvalid)
  .refine((handle) => !RESERVED_HANDLES.has(handle), sharingMessages.handleReserved);

export const handleBody = z.object({ handle: handleField });
export const handleAnswer = z.object({ handle: z.string() });

/** PATCH /api/categories/:id: publishing and its options. */
export const publishCategoryBody = z.object({
  public: z.boolean(),
  showNotes: z.boolean().optional(),
  allowIndexing: z.boolean().optional(),
  description: z.string().trim().max(MAX_PUBLIC_DESCRIPTION, sharingMessages.descriptionTooLong).optional(),
});

/** The path of a public category's page. */
export const publicCategoryPath = (handle: string, slug: string) => `/@${handle}/${slug}`;
export const sharedLinkPath = (token: string) => `/s/${token}`;

/** A category name as the last part of its public address: "Rust & Go!" → "rust-go". */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'links';
}

export const createShareBody = z.object({ linkId: z.uuid() });
export const sharedLinkItem = z.object({
  id: z.uuid(),
  linkId: z.uuid(),
  title: z.string(),
  url: z.string(),
  createdAt: z.iso.datetime(),
  views: z.number().int(),
  /** The address itself, only in the answer that created it: the server keeps a hash. */
  shareUrl: z.string().optional(),
});

export const publicCategorySummary = z.object({
  id: z.uuid(),
  name: z.string(),
  publicUrl: z.string(),
  pageViews30d: z.number().int(),
  feedFetches30d: z.number().int(),
  /** Confirmed subscribers: a count, never their addresses (the CSV export has those, for Pro). */
  subscribers: z.number().int(),
  lastDigestSentAt: z.iso.datetime().nullable(),
});

/** PUT /api/sharing/digest-schedule: the weekday (0 = Sunday) and hour of every published category's weekly digest, in the owner's zone. */
export const subscriberDigestSchedule = z.object({
  day: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(23),
});

export const sharingOverview = z.object({
  handle: z.string().nullable(),
  /** When subscribers get their weekly digest, and the owner's zone it is in. */
  digestSchedule: subscriberDigestSchedule.extend({ timezone: z.string() }),
  categories: z.array(publicCategorySummary),
  sharedLinks: z.array(sharedLinkItem),
});

export const takedownBody = z.object({
  url: z.string().trim().min(1).max(2000),
  reason: z.string().trim().min(1, 'Please say why').max(1000),
});

export type PublishCategoryBody = z.infer<typeof publishCategoryBody>;
export type TakedownBody = z.infer<typeof takedownBody>;
export type SharedLinkItem = z.infer<typeof sharedLinkItem>;
export type SharingOverview = z.infer<typeof sharingOverview>;
export type SubscriberDigestSchedule = z.infer<typeof subscriberDigestSchedule>;
