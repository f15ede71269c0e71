import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { sharingMessages } from '../../shared/sharing';

/** Sets the user's public handle (already checked by handleField); the unique index decides between two at once. */
export async function setHandle(ctx: AppContext, userId: string, handle: string): Promise<string> {
  try {
    await ctx.database.db.update(users).set({ handle, updatedAt: new Date() }).where(eq(users.id, userId));
    return handle;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'HANDLE_TAKEN', sharingMessages.handleTaken);
    throw error;
  }
}
