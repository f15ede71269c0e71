import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InboundMailAnswer } from '@shared/inbound-mail-schemas';
import { apiRequest } from '@web/lib/api';

const inboundMailQueryKey = ['/api/inbound-mail'] as const;

/** GET /api/inbound-mail: the address and the last 20 mails it received (`enabled` false when the server has save by e-mail off). */
export function useInboundMail() {
  return useQuery<InboundMailAnswer>({ queryKey: inboundMailQueryKey });
}

/** POST /api/inbound-mail/address: a new address; the old one stops working. */
export function useRenewInboundAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ address: string }>('POST', '/api/inbound-mail/address'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboundMailQueryKey }),
  });
}
