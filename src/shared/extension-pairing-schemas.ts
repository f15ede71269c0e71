import { z } from 'zod';
import type { ExchangedToken, ExchangePairingCodeBody } from './extension-pairing';
import { connectedPageStatuses } from './extension-pairing';
import { tokenText } from './text';

export const exchangePairingCodeBody = z.object({
  code: tokenText('This pairing code is not valid.', 500),
}) satisfies z.ZodType<ExchangePairingCodeBody>;
export const exchangedToken = z.object({ token: z.string(), name: z.string() }) satisfies z.ZodType<ExchangedToken>;
export const connectedPageQuery = z.object({ status: z.enum(connectedPageStatuses).default('connecting') });
