import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInProviderId } from '@shared/sign-in-providers';
import { answer, api } from '@web/lib/api';

const signInMethodsQueryKey = ['/api/auth/sign-in-methods'] as const;

/** GET /api/auth/providers: the providers this server offers (none unless configured). */
export function useSignInProviders() {
  return useQuery({
    queryKey: ['/api/auth/providers'],
    queryFn: ({ signal }) => answer(api.GET('/api/auth/providers', { signal })),
    staleTime: Infinity,
  });
}

/** The provider's name for a message, or a neutral word when the server no longer offers it. */
export function useProviderName(id: string | null): string {
  const providers = useSignInProviders();
  return providers.data?.providers.find((provider) => provider.id === id)?.name ?? 'the provider';
}

/** GET /api/auth/sign-in-methods: Settings → Security's list. */
export function useSignInMethods() {
  return useQuery({ queryKey: signInMethodsQueryKey, queryFn: ({ signal }) => answer(api.GET('/api/auth/sign-in-methods', { signal })) });
}

export function useDisconnectProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: SignInProviderId) =>
      answer(api.DELETE('/api/auth/sign-in-methods/{provider}', { params: { path: { provider: id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: signInMethodsQueryKey }),
  });
}

export function useSendPasswordLink() {
  return useMutation({ mutationFn: () => answer(api.POST('/api/auth/password-link')) });
}

/**
 * Settings → Security's "Connect": a POST (origin-checked, with the session) that answers where the
 * browser goes next, the provider's sign-in page; the round trip comes back to Settings.
 */
export function useStartConnecting() {
  return useMutation({
    mutationFn: (id: SignInProviderId) => answer(api.POST('/api/auth/{provider}/connect', { params: { path: { provider: id } } })),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

const pendingConnectionQueryKey = ['/api/auth/pending-connection'] as const;

/** After a password login: the provider account waiting in this browser to be connected, if any. */
export function usePendingConnection(enabled: boolean) {
  return useQuery({
    queryKey: pendingConnectionQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/api/auth/pending-connection', { signal })),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** The answer to "Connect … to Stash?": Connect (POST) or Not now (DELETE). */
export function useAnswerPendingConnection() {
  return useMutation({
    mutationFn: (connect: boolean) =>
      answer(connect ? api.POST('/api/auth/pending-connection') : api.DELETE('/api/auth/pending-connection')),
  });
}

/** Where a "Continue with …" link goes: the server's start of the provider round trip. */
export function providerStartUrl(id: SignInProviderId, query: Record<string, string | undefined>): string {
  const kept = Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const search = new URLSearchParams(kept).toString();
  return `/api/auth/${id}/start${search ? `?${search}` : ''}`;
}
