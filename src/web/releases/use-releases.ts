import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateReleaseBody } from '@shared/releases';
import { answer, api } from '@web/lib/api';

const releasesKey = ['/api/releases'] as const;
const adminReleasesKey = ['/api/admin/releases'] as const;

export function useReleases() {
  return useQuery({ queryKey: releasesKey, queryFn: ({ signal }) => answer(api.GET('/api/releases', { signal })) });
}

/** Every release, drafts included: administrators only. */
export function useAdminReleases() {
  return useQuery({ queryKey: adminReleasesKey, queryFn: ({ signal }) => answer(api.GET('/api/admin/releases', { signal })) });
}

function useRefreshReleases() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: releasesKey }), queryClient.invalidateQueries({ queryKey: adminReleasesKey })]);
}

export function useCreateRelease() {
  const refresh = useRefreshReleases();
  return useMutation({
    mutationFn: (body: CreateReleaseBody) => answer(api.POST('/api/admin/releases', { body })),
    onSuccess: refresh,
  });
}

export function usePublishRelease() {
  const refresh = useRefreshReleases();
  return useMutation({
    mutationFn: (id: string) => answer(api.POST('/api/admin/releases/{id}/publish', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}
