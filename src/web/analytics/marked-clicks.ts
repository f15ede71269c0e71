import type { AnalyticsEventName, EventProps } from '@shared/analytics-events';
import { track } from './track';

/**
 * The attributes that make a link's or button's click an analytics event. The event is written in
 * the markup, not in a React handler, so the prerendered public pages record it the same whether
 * the app or their small script (islands/) runs them (docs/web-app.md, Public pages as islands).
 */
export function clickEvent(name: AnalyticsEventName, props: EventProps): { 'data-event': string; 'data-event-props': string } {
  return { 'data-event': name, 'data-event-props': JSON.stringify(props) };
}

let recording = false;

/** Records the click of every element marked by clickEvent, from one listener on the document (once a page). */
export function recordMarkedClicks(): void {
  if (recording) return;
  recording = true;
  // In the capture phase: before a handler that navigates can stop the click from bubbling.
  document.addEventListener(
    'click',
    (event) => {
      const marked = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-event]') : null;
      if (!marked?.dataset.event) return;
      track(marked.dataset.event as AnalyticsEventName, JSON.parse(marked.dataset.eventProps ?? '{}') as EventProps);
    },
    { capture: true },
  );
}
