import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { loadAccount, type RequestAuth } from '../auth/request-user';
import type { User } from '../auth/current-user';
import type { ProfileBody } from '../../shared/auth-schemas';
import { requestEmailChange } from './email-change';

/**
 * Updates names and picture at once. A new address is only asked for (email-change.ts): it takes
 * effect when its owner opens the link sent to it. An API token cannot change the address.
 */
export async function updateProfile(ctx: AppContext, auth: RequestAuth, input: ProfileBody, ip: string): Promise<User> {
  const account = await loadAccount(ctx, auth);
  if (input.email !== account.email.toLowerCase()) await requestEmailChange(ctx, auth, account, input.email, input.currentPassword, ip);
  const [updated] = await ctx.database.db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, profileImageUrl: input.profileImageUrl, updatedAt: new Date() })
    .where(eq(users.id, account.id))
    .returning();
  return updated;
}
