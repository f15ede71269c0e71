import { useEffect } from 'react';
import { recordLandingVisit } from './landing-visit';

/**
 * A visitor arrived on a landing page (landing-visit.ts). `enabled` waits for the current-user
 * call, so a signed-in visitor on the way to the Stashboard is not counted.
 */
export function useLandingVisit(page: string, enabled = true): void {
  useEffect(() => {
    if (enabled) recordLandingVisit(page);
  }, [page, enabled]);
}
