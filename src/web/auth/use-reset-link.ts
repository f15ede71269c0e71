import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetTokenAnswer } from '@shared/auth-schemas';

/** GET /api/auth/verify-reset-token: the address a reset link belongs to, or an error when it is invalid or spent. */
export function useResetLinkEmail(token: string) {
  return useQuery<z.infer<typeof resetTokenAnswer>>({
    queryKey: [`/api/auth/verify-reset-token?${new URLSearchParams({ token })}`],
  });
}
