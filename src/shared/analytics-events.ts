import { z } from 'zod';
import { oneLineText } from './text';

/**
 * The web-analytics events of docs/product/analytics.md, by the name the first-party event log stores.
 * POST /api/events refuses any other name, so the admin metrics view counts only what we meant
 * to count.
 */
const analyticsEventNames = [
  'landing_view',
  'start_trial_click',
  'feature_click',
  'video_play',
  'extension_click',
  'navigation_click',
  'footer_click',
  'login',
  'sign_up',
  'logout',
  'password_reset_request',
  'dashboard_view',
  'link_save',
  'link_delete',
  'link_newsletter_toggle',
  'category_create',
  'category_delete',
  'settings_change',
  'plan_select',
  'begin_checkout',
  'upgrade_page_view',
  'subscription_start',
  'subscription_cancel',
  'onboarding_step',
  'activation_tour_step',
  'activation_tour_complete',
  'error',
  'help_click',
  'engagement',
] as const;

export type AnalyticsEventName = (typeof analyticsEventNames)[number];

const MAX_EVENT_PROPS = 10;
const MAX_PROP_TEXT = 200;

/** Flat on purpose: a few labels per event (which feature, which plan), never documents or personal data. */
const eventProps = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'Property names are letters, digits and _ (at most 40)'),
    z.union([oneLineText().max(MAX_PROP_TEXT), z.number(), z.boolean(), z.null()]),
  )
  .refine((props) => Object.keys(props).length <= MAX_EVENT_PROPS, `At most ${MAX_EVENT_PROPS} properties`);

export type EventProps = z.infer<typeof eventProps>;

export const trackEventBody = z.object({
  name: z.enum(analyticsEventNames, { error: 'Unknown event name' }),
  props: eventProps.default({}),
});

const countsPerDay = z.array(z.object({ day: z.iso.date(), name: z.string(), count: z.number().int() }));

/** The key figures of the admin metrics view, in the order shown, with their column names. */
export const keyFigureLabels = {
  landing_views: 'Landing views',
  sign_ups: 'Sign-ups',
  trials: 'Trials',
  purchases: 'Purchases',
  digests_sent: 'Digests sent',
  links_saved: 'Links saved',
} as const;

/** The digest figures of the admin metrics view, in the order shown, with their column names. */
export const digestFigureLabels = {
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
  uncertain: 'Uncertain',
  in_progress: 'Pending or sending',
  bounces: 'Bounces',
  complaints: 'Complaints',
} as const;

/** The admin metrics view: how many of each event per day (UTC), over the last `days` days, and the key figures. */
export const eventMetrics = z.object({
  days: z.number().int(),
  counts: countsPerDay,
  /** Named as keyFigureLabels's keys. */
  keyFigures: countsPerDay,
  /** Digest sends by state and mail bounces and complaints, named as digestFigureLabels's keys. */
  digests: countsPerDay,
});

export type EventMetrics = z.infer<typeof eventMetrics>;
