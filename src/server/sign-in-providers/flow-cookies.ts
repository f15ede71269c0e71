import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import { providerStartQuery, signInProviderId } from '../../shared/sign-in-providers';

/*
 * Two short-lived cookies, HttpOnly and signed with SESSION_SECRET. SameSite=Lax still sends them
 * on the provider's top-level redirect back to us.
 * - The flow cookie: one sign-in in progress (state, nonce, PKCE verifier, the journey to resume).
 *   The callback clears it, so a replayed callback finds none.
 * - The pending connection: a provider account whose verified address belongs to an existing
 *   account with a password. After logging in with that password, its owner is asked whether to
 *   connect it (Connect / Not now); nothing is connected without that answer.
 */

const FLOW_COOKIE = 'stash.signin-flow';
const PENDING_COOKIE = 'stash.signin-pending';
export const FLOW_MINUTES = 10;
const PENDING_MINUTES = 15;

const flowState = z.object({
  provider: signInProviderId,
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  journey: providerStartQuery,
  /** For "connect" from Settings: the account it was started by. */
  userId: z.uuid().nullable(),
  expiresAt: z.number(),
});
export type FlowState = z.infer<typeof flowState>;

const pendingConnection = z.object({
  provider: signInProviderId,
  subject: z.string(),
  email: z.string(),
  /** The name the provider gave, for the question "Connect … account <name> to Stash?". */
  name: z.string(),
  expiresAt: z.number(),
});
export type PendingConnection = z.infer<typeof pendingConnection>;

export function setFlowCookie(reply: FastifyReply, config: Config, flow: Omit<FlowState, 'expiresAt'>): void {
  setCookie(reply, config, FLOW_COOKIE, { ...flow, expiresAt: Date.now() + FLOW_MINUTES * 60_000 }, FLOW_MINUTES);
}

/** The flow this browser started, once: reading it clears it. */
export function takeFlowCookie(request: FastifyRequest, reply: FastifyReply, config: Config): FlowState | null {
  clearCookie(reply, config, FLOW_COOKIE);
  return readCookie(request, FLOW_COOKIE, flowState);
}

export function setPendingConnection(reply: FastifyReply, config: Config, pending: Omit<PendingConnection, 'expiresAt'>): void {
  setCookie(reply, config, PENDING_COOKIE, { ...pending, expiresAt: Date.now() + PENDING_MINUTES * 60_000 }, PENDING_MINUTES);
}

export function readPendingConnection(request: FastifyRequest): PendingConnection | null {
  return readCookie(request, PENDING_COOKIE, pendingConnection);
}

export function clearPendingConnection(reply: FastifyReply, config: Config): void {
  clearCookie(reply, config, PENDING_COOKIE);
}

function setCookie(reply: FastifyReply, config: Config, name: string, value: object, minutes: number): void {
  reply.setCookie(name, JSON.stringify(value), { signed: true, ...cookieOptions(config), maxAge: minutes * 60 });
}

function clearCookie(reply: FastifyReply, config: Config, name: string): void {
  reply.clearCookie(name, cookieOptions(config));
}

function readCookie<T extends { expiresAt: number }>(request: FastifyRequest, name: string, schema: z.ZodType<T>): T | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const { valid, value } = request.unsignCookie(raw);
  if (!valid || !value) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(value));
    return parsed.success && parsed.data.expiresAt > Date.now() ? parsed.data : null;
  } catch {
    return null;
  }
}

function cookieOptions(config: Config) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: config.appUrl.startsWith('https:'), path: '/api/' };
}
