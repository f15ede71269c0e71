/**
 * Leaves the app for the payment page (Stripe's, or the local test checkout). A full page load:
 * the provider's page is not one of ours, and coming back starts the app afresh.
 */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
