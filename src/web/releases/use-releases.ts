import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRelease, CreateReleaseBody, Release } from '@shared/releases';
import { apiRequest } from '@web/lib/api';

const releasesKey = ['/api/releases'] as const;
const adminReleasesKey = ['/api/admin/releases'] as const;

export function useReleases() {
  return useQuery<Release[]>({ queryKey: releasesKey });
}

/** Every release, drafts included: administrators only. */
export function useAdminReleases() {
  return useQuery<AdminRelease[]>({ queryKey: adminReleasesKey });
}

function useRefreshReleases() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: releasesKey }), queryClient.invalidateQueries({ queryKey: adminReleasesKey })]);
}

export function useCreateRelease() {
  const refresh = useRefreshReleases();
  return useMutation({
    mutationFn: (body: CreateReleaseBody) => apiRequest<AdminRelease>('POST', '/api/admin/releases', body),
    onSuccess: refresh,
  });
}

export function usePublishRelease() {
  const refresh = useRefreshReleases();
  return useMutation({
    mutationFn: (id: string) => apiRequest<AdminRelease>('POST', `/api/admin/releases/${encodeURIComponent(id)}/publish`),
    onSuccess: refresh,
  });
}
