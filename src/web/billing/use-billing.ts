import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CheckoutBody, CompleteTrialSignupBody } from '@shared/billing-schemas';
import { currentUserQuery, currentUserQueryKey } from '@web/auth/use-current-user';
import { waitForUser } from '@web/auth/wait-for-user';
import { checkoutUrl } from './checkout-url';
import { linkQueryKeys } from '@web/links/link-queries';
import { answer, api } from '@web/lib/api';

/*
 * The billing calls (docs/product/api.md). Each mutation refreshes what it changes: the subscription
 * and the signed-in user, whose account type the rest of the app reads.
 */

const subscriptionQueryKey = ['/api/subscription'] as const;

export function useSubscription() {
  return useQuery({ queryKey: subscriptionQueryKey, queryFn: ({ signal }) => answer(api.GET('/api/subscription', { signal })) });
}

/** After a payment, a cancellation or a plan choice: the account type, its dates, its subscription and its monthly allowance. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [subscriptionQueryKey, currentUserQueryKey, linkQueryKeys.counts].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

/** A signed-in user's checkout for Pro. */
export function useStartCheckout() {
  return useMutation({ mutationFn: (body: CheckoutBody) => checkoutUrl('/api/subscriptions/create-checkout-session', body) });
}

/** A visitor's 14-day trial checkout; the account is made on /setup-account afterwards. */
export function useStartTrialCheckout() {
  return useMutation({ mutationFn: (body: CheckoutBody) => checkoutUrl('/api/subscriptions/create-trial-checkout', body) });
}

/** Did the checkout the success URL names go through? Asked once per session id. */
export function useVerifySession(sessionId: string | null) {
  return useQuery({
    queryKey: [`/api/subscriptions/verify-session?${new URLSearchParams({ session_id: sessionId ?? '' })}`],
    queryFn: ({ signal }) =>
      answer(api.GET('/api/subscriptions/verify-session', { params: { query: { session_id: sessionId ?? '' } }, signal })),
    enabled: sessionId !== null,
  });
}

export function useTrialSession(sessionId: string | null) {
  return useQuery({
    queryKey: [`/api/subscriptions/verify-trial-session?${new URLSearchParams({ session_id: sessionId ?? '' })}`],
    queryFn: ({ signal }) =>
      answer(api.GET('/api/subscriptions/verify-trial-session', { params: { query: { session_id: sessionId ?? '' } }, signal })),
    enabled: sessionId !== null,
  });
}

/** Creates the account of a paid trial; answers the signed-in user once the new session works (or null). */
export function useCompleteTrialSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CompleteTrialSignupBody) => {
      await answer(api.POST('/api/auth/complete-trial-signup', { body }));
      return waitForUser(() => queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }));
    },
  });
}

/** Cancel at the end of the period (true), or keep the plan after all (false). */
export function useSetCancellation() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (cancel: boolean) => answer(api.POST(cancel ? '/api/subscription/cancel' : '/api/subscription/resume')),
    onSuccess: () => refresh(),
  });
}

/** An ended trial becomes a free account (docs/product/plans-and-billing.md, Trial expired). */
export function useContinueOnFree() {
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: () => answer(api.POST('/api/subscription/continue-free')),
    onSuccess: () => refresh(),
  });
}
