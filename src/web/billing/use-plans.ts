import { useQuery } from '@tanstack/react-query';
import { answer, api } from '@web/lib/api';

/** The billing mode and prices, for visitors too (the footer reads it on every page). */
export function usePlans() {
  return useQuery({ queryKey: ['/api/billing/plans'], queryFn: ({ signal }) => answer(api.GET('/api/billing/plans', { signal })) });
}
