import { useMutation, useQuery } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';

/** The local test checkout's calls (BILLING=local). */
export function useTestCheckout(session: string | null) {
  return useQuery({
    queryKey: [`/api/billing/test-checkout?${new URLSearchParams({ session: session ?? '' })}`],
    queryFn: ({ signal }) => answer(api.GET('/api/billing/test-checkout', { params: { query: { session: session ?? '' } }, signal })),
    enabled: session !== null,
  });
}

export function usePayTestCheckout() {
  return useMutation({
    mutationFn: (body: { session: string; email?: string; name?: string }) => answer(api.POST('/api/billing/test-checkout/pay', { body })),
  });
}

export function useCancelTestCheckout() {
  return useMutation({
    mutationFn: (session: string) => answer(api.POST('/api/billing/test-checkout/cancel', { body: { session } })),
  });
}
