import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, DeleteAccountBody, ProfileBody } from '@shared/auth-schemas';
import { paths } from '@shared/routes';
import { currentUserQueryKey } from '@web/auth/use-current-user';
import { answer, api } from '@web/lib/api';

/** docs/product/accounts.md, Account deletion: after deleting the account, the app waits this long (time to read the toast) before leaving. */
const LEAVE_AFTER_DELETION_MS = 1000;

/** PUT /api/user/profile; the answer is the updated user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => answer(api.PUT('/api/user/profile', { body })),
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}

/** POST /api/auth/change-password. The server signs out every other session; this one stays. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => answer(api.POST('/api/auth/change-password', { body })),
  });
}

/**
 * DELETE /api/user, then nothing of the account stays in this browser: storage is cleared at once,
 * the query cache just before a full page load of the home page.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (confirmation: DeleteAccountBody) => answer(api.DELETE('/api/user', { body: confirmation })),
    onSuccess: () => {
      localStorage.clear();
      sessionStorage.clear();
      // Not at once: without its user, the settings page would first jump to the login wall.
      window.setTimeout(() => {
        queryClient.clear();
        window.location.replace(paths.home);
      }, LEAVE_AFTER_DELETION_MS);
    },
  });
}
