import type { AppContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import { createApiToken } from '../api-tokens/service';
import { findUserById } from '../auth/current-user';
import type { ExchangedToken } from '../../shared/extension-pairing';
import { issuePairingCode, readPairingCode } from './pairing-code';
import { extensionTokenName } from './token-name';

const pairingMessages = {
  invalid: 'This connection code is not valid. Press Connect in the Stash extension again.',
  expired: 'This connection code has expired. Press Connect in the Stash extension again.',
  used: 'This connection code has already been used. Press Connect in the Stash extension again.',
} as const;

function sessionSecretOf(ctx: AppContext): string {
  if (!ctx.config.sessionSecret) throw new Error('The session secret is not set: main.ts resolves it before building the app.');
  return ctx.config.sessionSecret;
}

/** A code for the signed-in user's extension to trade for its own API token, within 5 minutes. */
export function startPairing(ctx: AppContext, userId: string): string {
  return issuePairingCode(sessionSecretOf(ctx), userId);
}

/** Trades a pairing code for a new API token named after the browser; each code works once. */
export async function exchangePairingCode(ctx: AppContext, code: string, userAgent: string | undefined): Promise<ExchangedToken> {
  const check = readPairingCode(sessionSecretOf(ctx), code);
  if (!check.ok) throw new HttpError(400, check.reason === 'expired' ? 'CODE_EXPIRED' : 'CODE_INVALID', pairingMessages[check.reason]);
  const { db } = ctx.database;
  // The account may have been deleted, or its tokens revoked (a password reset), since the code was issued.
  const user = await findUserById(db, check.userId);
  if (!user || (user.tokensRevokedAt && check.issuedAt <= user.tokensRevokedAt))
    throw new HttpError(400, 'CODE_INVALID', pairingMessages.invalid);
  try {
    const created = await createApiToken(db, check.userId, extensionTokenName(userAgent), { id: check.tokenId });
    return { token: created.token, name: created.name };
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, 'CODE_USED', pairingMessages.used);
    throw error;
  }
}
