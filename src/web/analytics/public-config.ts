import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@shared/public-site';
import { queryClient } from '@web/lib/query-client';
import { answer, api } from '@web/lib/api';

const publicConfigQuery = queryOptions({
  queryKey: ['/api/public/config'] as const,
  queryFn: ({ signal }) => answer(api.GET('/api/public/config', { signal })),
});

/** The install's public settings, fetched once per visit; null when they could not be read. */
export function loadPublicConfig(): Promise<PublicConfig | null> {
  return queryClient.ensureQueryData(publicConfigQuery).catch(() => null);
}

export function usePublicConfig(): PublicConfig | undefined {
  return useQuery(publicConfigQuery).data;
}
