import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shared/public-site';
import { queryClient } from '@web/lib/query-client';

const publicConfigQuery = { queryKey: ['/api/public/config'] as const };

/** The install's public settings, fetched once per visit; null when they could not be read. */
export function loadPublicConfig(): Promise<PublicConfig | null> {
  return queryClient.ensureQueryData<PublicConfig>(publicConfigQuery).catch(() => null);
}

export function usePublicConfig(): PublicConfig | undefined {
  return useQuery<PublicConfig>(publicConfigQuery).data;
}
