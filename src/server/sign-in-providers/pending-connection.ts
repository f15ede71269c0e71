import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { AuthHooks } from '../auth/auth-hooks';
import type { User } from '../auth/current-user';
import { connectIdentity } from './accounts';
import { takePendingConnection } from './flow-cookies';

/**
 * After a password login: the provider account that found this address a moment ago is connected,
 * now that its owner has proved the password. Only to the account of that very address.
 */
async function connectPendingProvider(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, user: Pick<User, 'id' | 'email'>): Promise<void> {
  const pending = takePendingConnection(request, reply, ctx.config);
  if (!pending || pending.email !== user.email.toLowerCase()) return;
  if (!ctx.config.signInProviders.some((provider) => provider.id === pending.provider)) return;
  const result = await connectIdentity(ctx.database.db, user.id, pending);
  request.log.info({ userId: user.id, provider: pending.provider, result }, 'provider connected after a password login');
}

/** The sign-in providers' part in a password sign-in (auth/auth-hooks.ts). */
export const signInProviderAuthHooks: AuthHooks = { afterPasswordSignIn: connectPendingProvider };
