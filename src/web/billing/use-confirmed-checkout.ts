import { useCurrentUser } from '@web/auth/use-current-user';
import { useVerifySession } from './use-billing';

/** Where a return from the checkout stands: 'none' when the URL names no session to check. */
export type CheckoutReturn = 'none' | 'checking' | 'confirmed' | 'unconfirmed';

/**
 * A success URL proves nothing (anyone can type ?success=true&session_id=…): success is shown
 * only once the server says the signed-in user's checkout session is complete (docs/product/plans-and-billing.md,
 * Pricing page). A visitor, or a session that is not theirs or not paid, is 'unconfirmed'.
 */
export function useConfirmedCheckout(sessionId: string | null): CheckoutReturn {
  const { user, isLoading } = useCurrentUser();
  const verified = useVerifySession(sessionId !== null && user ? sessionId : null);
  if (sessionId === null) return 'none';
  if (isLoading || (user && verified.isPending)) return 'checking';
  return verified.data?.success ? 'confirmed' : 'unconfirmed';
}
