import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';

const inboundMailQueryKey = ['/api/inbound-mail'] as const;

/** GET /api/inbound-mail: the address and the last 20 mails it received (`enabled` false when the server has save by e-mail off). */
export function useInboundMail() {
  return useQuery({ queryKey: inboundMailQueryKey, queryFn: ({ signal }) => answer(api.GET('/api/inbound-mail', { signal })) });
}

/** POST /api/inbound-mail/address: a new address; the old one stops working. */
export function useRenewInboundAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(api.POST('/api/inbound-mail/address')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboundMailQueryKey }),
  });
}
