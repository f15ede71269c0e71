import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';

/** GET /api/auth/verify-reset-token: the address a reset link belongs to, or an error when it is invalid or spent. */
export function useResetLinkEmail(token: string) {
  return useQuery({
    queryKey: [`/api/auth/verify-reset-token?${new URLSearchParams({ token })}`],
    queryFn: ({ signal }) => answer(api.GET('/api/auth/verify-reset-token', { params: { query: { token } }, signal })),
  });
}
