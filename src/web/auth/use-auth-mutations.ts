import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTrialAccountBody, LoginBody, RegisterBody, ResetPasswordBody } from '@shared/auth-schemas';
import { track } from '@web/analytics/track';
import { answer, api } from '@web/lib/api';
import { currentUserQuery, currentUserQueryKey } from './use-current-user';
import { waitForUser } from './wait-for-user';

/*
 * The account calls of /auth and /signup (docs/product/api.md). Each hook refreshes what its call
 * changes; components only react to success or failure.
 */

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => answer(api.POST('/api/auth/login', { body })),
    // Whatever is cached may belong to whoever used this browser before.
    onSuccess: () => {
      track('login', { method: 'email' });
      return queryClient.invalidateQueries();
    },
  });
}

/** The /auth register form; the server signs the new account in. With tier=pro the answer carries the checkout (stripeUrl). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => answer(api.POST('/api/auth/register', { body })),
    onSuccess: (answer) => {
      track('sign_up', { plan: answer.stripeUrl ? 'pro' : 'trial' });
      return queryClient.invalidateQueries();
    },
  });
}

/**
 * The /signup trial form. Answers the signed-in user once the new session works, or null when it
 * never did (docs/product/accounts.md, Sign-up: up to 10 tries, 500 ms apart); each try refreshes the cached user.
 */
export function useCreateTrialAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTrialAccountBody) => {
      await answer(api.POST('/api/auth/create-trial-account', { body }));
      track('sign_up', { plan: 'trial' });
      return waitForUser(() => queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }));
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => answer(api.POST('/api/auth/forgot-password', { body: { email } })),
    onSuccess: () => track('password_reset_request'),
  });
}

/** A reset signs the account out everywhere, this browser included. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => answer(api.POST('/api/auth/reset-password', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
