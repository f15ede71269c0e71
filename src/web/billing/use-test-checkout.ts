import { useMutation, useQuery } from '@tanstack/react-query';
import type { TestCheckoutAnswer } from '@shared/billing-schemas';
import { apiRequest } from '@web/lib/api';

/** The local test checkout's calls (BILLING=local). */
export function useTestCheckout(session: string | null) {
  return useQuery<TestCheckoutAnswer>({
    queryKey: [`/api/billing/test-checkout?${new URLSearchParams({ session: session ?? '' })}`],
    enabled: session !== null,
  });
}

export function usePayTestCheckout() {
  return useMutation({
    mutationFn: (body: { session: string; email?: string; name?: string }) =>
      apiRequest<{ redirectUrl: string }>('POST', '/api/billing/test-checkout/pay', body),
  });
}

export function useCancelTestCheckout() {
  return useMutation({
    mutationFn: (session: string) => apiRequest<{ redirectUrl: string }>('POST', '/api/billing/test-checkout/cancel', { session }),
  });
}
