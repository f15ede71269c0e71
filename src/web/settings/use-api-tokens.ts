import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreatedApiToken } from '@shared/auth-schemas';
import { apiRequest } from '@web/lib/api';

const apiTokensQueryKey = ['/api/tokens'] as const;

/** GET /api/tokens: the user's tokens, newest first, without the secret part. */
export function useApiTokens() {
  return useQuery<ApiToken[]>({ queryKey: apiTokensQueryKey });
}

/** POST /api/tokens; the answer carries the whole token, this one time only. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<CreatedApiToken>('POST', '/api/tokens', { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<unknown>('DELETE', `/api/tokens/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** DELETE /api/tokens: every token, the connected extensions' included. */
export function useRevokeAllApiTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', '/api/tokens'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
