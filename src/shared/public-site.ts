import { z } from 'zod';

/** What every visitor's browser may know about this install (GET /api/public/config). */
export const publicConfig = z.object({
  /** Present only when REDDIT_PIXEL_ID is set: without it the ad network's script never loads. */
  redditPixelId: z.string().optional(),
  /** The support page's address: support@ the domain Stash sends its mail from. */
  supportEmail: z.string(),
  /** Whether `localhost` counts as a website address when saving links (ALLOW_PRIVATE_FETCH=on). */
  localhostLinks: z.boolean(),
});

export type PublicConfig = z.infer<typeof publicConfig>;

/**
 * The landing page's claims (docs/product/public-site.md, Landing claims): each is shown as the live
 * number, and only when the live number reaches the claim. The third claim, 95% user satisfaction,
 * has no source of data in Stash, so it is never shown.
 */
export const socialProofClaims = {
  linksSavedLastMonth: 10_000,
  digestsSentLastDay: 500,
} as const;

/** GET /api/public/stats: each figure, or null while it is below its claim. */
export const landingStats = z.object({
  linksSavedLastMonth: z.number().int().nullable(),
  digestsSentLastDay: z.number().int().nullable(),
});

export type LandingStats = z.infer<typeof landingStats>;
