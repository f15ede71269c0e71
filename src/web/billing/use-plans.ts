import { useQuery } from '@tanstack/react-query';
import type { PlansAnswer } from '@shared/billing-schemas';

/** The billing mode and prices, for visitors too (the footer reads it on every page). */
export function usePlans() {
  return useQuery<PlansAnswer>({ queryKey: ['/api/billing/plans'] });
}
