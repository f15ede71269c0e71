import { api } from '@web/lib/api';
import type { AnalyticsEventName, EventProps } from '@shared/analytics-events';

/**
 * Records a web-analytics event (docs/product/analytics.md, Web-analytics events) in Stash's own event log; nothing goes to a
 * third party. Fire and forget: keepalive lets an event raised by a click that leaves the page
 * still arrive, and a failure changes nothing for the visitor.
 */
export function track(name: AnalyticsEventName, props: EventProps = {}): void {
  api.POST('/api/events', { body: { name, props }, keepalive: true }).catch(() => {});
}
