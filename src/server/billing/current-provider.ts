import type { AppContext } from '../context';
import { createLocalProvider } from './local-provider';
import type { PaymentProvider } from './provider';
import { createStripeProvider } from './stripe-provider';

const providers = new WeakMap<AppContext, PaymentProvider>();

/** The install's provider (one per context), or null when billing is off. */
export function paymentProvider(ctx: AppContext): PaymentProvider | null {
  if (ctx.config.billing === 'off') return null;
  const known = providers.get(ctx);
  if (known) return known;
  const provider = ctx.config.billing === 'stripe' ? createStripeProvider(ctx.config) : createLocalProvider(ctx);
  providers.set(ctx, provider);
  return provider;
}
