import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';

const apiTokensQueryKey = ['/api/tokens'] as const;

/** GET /api/tokens: the user's tokens, newest first, without the secret part. */
export function useApiTokens() {
  return useQuery({ queryKey: apiTokensQueryKey, queryFn: ({ signal }) => answer(api.GET('/api/tokens', { signal })) });
}

/** POST /api/tokens; the answer carries the whole token, this one time only. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => answer(api.POST('/api/tokens', { body: { name } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(api.DELETE('/api/tokens/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}

/** DELETE /api/tokens: every token, the connected extensions' included. */
export function useRevokeAllApiTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.DELETE('/api/tokens')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
