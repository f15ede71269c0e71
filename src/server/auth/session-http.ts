import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { createSession, destroySession, SESSION_IDLE_MS, type NewSession } from './sessions';

/**
 * The session cookie: HttpOnly, SameSite=Lax, signed with SESSION_SECRET. When APP_URL is https it
 * is also Secure and named with the __Host- prefix, which browsers accept only from a secure
 * origin, for the whole site (Path=/) and for this host alone (no Domain).
 */
export function sessionCookieName(config: Pick<Config, 'appUrl'>): string {
  return isHttps(config) ? '__Host-stash.sid' : 'stash.sid';
}

/** Cookie parsing and signing for every route; called once by buildApp. */
export async function registerSessionCookies(app: FastifyInstance, config: Config): Promise<void> {
  if (!config.sessionSecret) throw new Error('The session secret is not set: main.ts resolves it before building the app.');
  await app.register(fastifyCookie, { secret: config.sessionSecret });
}

/** The request's session token, when its cookie is present and its signature holds. */
export function readSessionToken(request: FastifyRequest, config: Config): string | undefined {
  const raw = request.cookies[sessionCookieName(config)];
  if (!raw) return undefined;
  const { valid, value } = request.unsignCookie(raw);
  return valid && value ? value : undefined;
}

export function setSessionCookie(reply: FastifyReply, config: Config, session: NewSession): void {
  reply.setCookie(sessionCookieName(config), session.token, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(config),
    path: '/',
    maxAge: SESSION_IDLE_MS / 1000,
  });
}

/** Signs in on a new session id, ending the one the browser had (no session fixation). */
export async function startSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, userId: string): Promise<void> {
  await adoptSession(ctx, request, reply, await createSession(ctx.database.db, userId));
}

/** As startSession, for a session already created (sign-up makes it in the account's transaction). */
export async function adoptSession(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, session: NewSession): Promise<void> {
  await endCurrentSession(ctx, request);
  setSessionCookie(reply, ctx.config, session);
}

export async function signOut(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await endCurrentSession(ctx, request);
  reply.clearCookie(sessionCookieName(ctx.config), { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps(ctx.config) });
}

async function endCurrentSession(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const token = readSessionToken(request, ctx.config);
  if (token) await destroySession(ctx.database.db, token);
}

function isHttps(config: Pick<Config, 'appUrl'>): boolean {
  return new URL(config.appUrl).protocol === 'https:';
}
