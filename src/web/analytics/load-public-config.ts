import type { PublicConfig } from '@shared/public-site';
import { answer, api } from '@web/lib/api';

let asked: Promise<PublicConfig> | undefined;

/**
 * The install's public settings, fetched once per visit; null when they could not be read (asked
 * again next time). Without React Query, so the landing page's own script (islands/), whose ad
 * network report needs them, does not bring it.
 */
export function loadPublicConfig(): Promise<PublicConfig | null> {
  asked ??= answer(api.GET('/api/public/config'));
  return asked.catch(() => {
    asked = undefined;
    return null;
  });
}
