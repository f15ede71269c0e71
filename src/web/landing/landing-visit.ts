import { captureAttribution } from '@web/analytics/attribution';
import { track } from '@web/analytics/track';

/**
 * A visitor arrived on a landing page (the home page or an advertising page): keep the ad click
 * and campaign for the visit, record the view, and tell the ad network when it is configured.
 * Without React, for the landing page's own script (islands/) as for useLandingVisit.
 */
export function recordLandingVisit(page: string): void {
  const { clickId, utmSource, utmCampaign } = captureAttribution(window.location.search);
  track('landing_view', { page, utmSource: utmSource ?? null, utmCampaign: utmCampaign ?? null, fromAdClick: Boolean(clickId) });
  // The ad network's code loads after the page: it is not what the visitor came to see.
  void import('@web/analytics/conversions').then(({ reportConversion }) =>
    reportConversion('landing', { userAgent: navigator.userAgent, utmSource, utmCampaign }),
  );
}
