import type { CheckoutBody } from '@shared/billing-schemas';
import { NO_CHECKOUT_URL } from '@shared/billing-messages';
import { answer, api } from '@web/lib/api';

/**
 * The checkout's URL; docs/product/errors-and-limits.md, Toasts: an answer without one is an error
 * of its own. Without React, for the upgrade page's own script (islands/) as for use-billing.ts.
 */
export async function checkoutUrl(
  path: '/api/subscriptions/create-checkout-session' | '/api/subscriptions/create-trial-checkout',
  body: CheckoutBody,
): Promise<string> {
  const { url } = await answer(api.POST(path, { body }));
  if (!url) throw new Error(NO_CHECKOUT_URL);
  return url;
}
