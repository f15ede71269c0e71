import type { CheckoutBody } from '@shared/billing-schemas';
import type { PlanInterval } from '@shared/plans';
import { checkoutUrl } from '@web/billing/checkout-url';
import { goToCheckout } from '@web/billing/go-to-checkout';

/**
 * /pricing's and /upgrade's plan choice, signed out: the period toggle (PlanIntervalToggle, whose look
 * follows aria-checked) shows the price of the period chosen (PlanPrice, from the page's parts), and /upgrade's
 * button starts the 14-day trial at the checkout, as PlanChooser does for a visitor. /pricing's plan
 * buttons are links for a visitor.
 */
export function runPlanChoice(parts: DocumentFragment): void {
  const toggle = document.querySelector<HTMLElement>('[role="radiogroup"][aria-label="Billing period"]');
  if (!toggle) return;
  const radios = [...toggle.querySelectorAll<HTMLElement>('[role="radio"]')];
  let plan = (radios.find((radio) => radio.getAttribute('aria-checked') === 'true')?.dataset.interval ?? 'annual') as PlanInterval;
  toggle.addEventListener('click', (event) => {
    const chosen = event.target instanceof Element ? event.target.closest<HTMLElement>('[role="radio"]') : null;
    if (!chosen?.dataset.interval) return;
    plan = chosen.dataset.interval as PlanInterval;
    for (const radio of radios) radio.setAttribute('aria-checked', String(radio === chosen));
    const price = parts.querySelector(`[data-part="plan-price-${plan}"] > [data-plan-price]`);
    if (price) for (const shown of document.querySelectorAll('[data-plan-price]')) shown.replaceWith(price.cloneNode(true));
  });

  const pay = document.querySelector<HTMLButtonElement>('button[data-checkout-from]');
  const spinner = parts.querySelector('[data-part="pending-spinner"] > svg');
  pay?.addEventListener('click', () => {
    const idle = [...pay.childNodes];
    pay.disabled = true;
    pay.setAttribute('aria-busy', 'true');
    pay.replaceChildren(...(spinner ? [spinner.cloneNode(true)] : []), pay.dataset.pendingLabel ?? '');
    const from = pay.dataset.checkoutFrom as NonNullable<CheckoutBody['from']>;
    checkoutUrl('/api/subscriptions/create-trial-checkout', { plan, from }).then(goToCheckout, (error: unknown) => {
      // docs/product/plans-and-billing.md, Upgrade page: a failed checkout is only logged, and the button works again.
      console.error('Checkout failed', error);
      pay.replaceChildren(...idle);
      pay.disabled = false;
      pay.removeAttribute('aria-busy');
    });
  });
}
