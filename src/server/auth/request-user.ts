import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../http/errors';
import { findApiTokenUser } from '../api-tokens/service';
import { can, type Action, type AuthKind } from '../../shared/permissions';
import { findUserById, permissionUser, type RequestUser, type User } from './current-user';
import { findSessionUser, slideSession, type ActiveSession } from './sessions';
import { readSessionToken, setSessionCookie } from './session-http';

/** Who is making the request, and how they proved it. */
export interface RequestAuth {
  user: RequestUser;
  kind: AuthKind;
  /** The cookie session, for "sign out everywhere else". */
  session?: ActiveSession;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the requireUser or optionalUser hook before the handler runs. */
    auth: RequestAuth | null;
  }
}

export function registerRequestAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/**
 * An `Authorization: Bearer` token, else the session cookie. A presented token that is unknown or
 * revoked means nobody, even with a cookie beside it: a script should hear that its token is bad.
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<RequestAuth | null> {
  const { db } = ctx.database;
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (bearer) {
    const user = await findApiTokenUser(db, bearer);
    return user ? { user, kind: 'token' } : null;
  }
  const token = readSessionToken(request, ctx.config);
  if (!token) return null;
  const found = await findSessionUser(db, token);
  if (!found) return null;
  const { session, user } = found;
  const expire = await slideSession(db, session);
  // The cookie's own lifetime slides with the row's, so an active browser stays signed in.
  if (expire) setSessionCookie(reply, ctx.config, { token, expire });
  return { user, kind: 'session', session };
}

/** A hook that resolves request.auth; used as onRequest, so nobody's body is parsed or validated before 401. */
type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** For routes that need someone signed in: 401 otherwise. */
export function requireUser(ctx: AppContext): AuthHook {
  return async (request, reply) => {
    request.auth = await authenticate(ctx, request, reply);
    if (!request.auth) throw new HttpError(401, 'UNAUTHENTICATED', 'Unauthorized');
  };
}

/** For routes that answer everyone but differ for a signed-in user. */
export function optionalUser(ctx: AppContext): AuthHook {
  return async (request, reply) => {
    request.auth = await authenticate(ctx, request, reply);
  };
}

/** The auth requireUser found; for handlers behind it. */
export function signedIn(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new HttpError(401, 'UNAUTHENTICATED', 'Unauthorized');
  return request.auth;
}

/** The signed-in user's whole row, for the account pages that show or change more than a request carries. */
export async function loadAccount(ctx: AppContext, auth: RequestAuth): Promise<User> {
  const user = await findUserById(ctx.database.db, auth.user.id);
  if (!user) throw new HttpError(401, 'UNAUTHENTICATED', 'Unauthorized');
  return user;
}

/** 403 unless can() allows the action for this user, this way of signing in and this billing mode. */
export function ensureAllowed(ctx: AppContext, auth: RequestAuth, action: Action): void {
  if (!can(permissionUser(auth.user, ctx.config), action, { auth: auth.kind, billing: ctx.config.billing })) {
    throw new HttpError(403, 'FORBIDDEN', 'You are not allowed to do this.');
  }
}
