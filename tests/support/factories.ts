import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../../src/server/context';
import { mailOutbox, users } from '../../src/server/db/schema';
import type { User } from '../../src/server/auth/current-user';
import { hashPassword } from '../../src/server/auth/passwords';
import { createSession } from '../../src/server/auth/sessions';
import { sessionCookieName } from '../../src/server/auth/session-http';
import type { EmailTemplateName } from '../../src/server/mail/templates/registry';
import { trialEndFrom } from '../../src/shared/trial';
import type { TestApp } from './test-app';

/** The password of every user createUser makes, unless told otherwise. */
export const TEST_PASSWORD = 'correct horse battery staple';

/** The test app's APP_URL: state-changing requests from the web app carry it as Origin. */
export const OWN_ORIGIN = { origin: 'http://localhost:3000' };

// A real scrypt hash costs 0.3 s and 128 MiB: made once per test process, shared by every user.
let testPasswordHash: Promise<string> | undefined;

type UserOverrides = Partial<typeof users.$inferInsert> & { password?: string };

let made = 0;

/**
 * A user inserted directly (no HTTP, no e-mail): a trial account with a verified address unless
 * told otherwise (only a verified address gets digests, test e-mails and invitations out).
 */
export async function createUser(ctx: AppContext, overrides: UserOverrides = {}): Promise<User> {
  const { password, ...values } = overrides;
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const accountType = values.accountType ?? 'trial';
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      email: `user${++made}-${randomBytes(4).toString('hex')}@example.com`,
      firstName: 'Test',
      lastName: `User ${made}`,
      authProvider: 'email',
      emailVerified: true,
      trialEndsAt: accountType === 'trial' ? trialEndFrom(new Date()) : null,
      ...values,
      accountType,
      passwordHash:
        values.passwordHash !== undefined ? values.passwordHash : password ? await hashPassword(password) : await testPasswordHash,
    })
    .returning();
  return user;
}

/** A Cookie header for a fresh session of the user, made without the cost of a password check. */
export async function signIn(t: TestApp, user: Pick<User, 'id'>): Promise<string> {
  const session = await createSession(t.ctx.database.db, user.id);
  return `${sessionCookieName(t.ctx.config)}=${t.app.signCookie(session.token)}`;
}

/** The session token inside a signed Cookie header ("name=token.signature"). */
export function sessionTokenOf(t: TestApp, cookie: string): string {
  const unsigned = t.app.unsignCookie(decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)));
  if (!unsigned.valid || !unsigned.value) throw new Error('the cookie signature does not hold');
  return unsigned.value;
}

/** The session cookie a response set, as a Cookie header for the next request. */
export function sessionCookieFrom(t: TestApp, response: LightMyRequestResponse): string | undefined {
  const cookie = response.cookies.find((c) => c.name === sessionCookieName(t.ctx.config));
  return cookie?.value ? `${cookie.name}=${cookie.value}` : undefined;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** The newest outbox message of a template to an address, waiting for work done after the reply. */
export async function waitForMail(ctx: AppContext, to: string, template: EmailTemplateName, timeoutMs = 5000): Promise<OutboxRow> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((r) => setTimeout(r, 25))) {
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    if (mail) return mail;
  }
  throw new Error(`no ${template} e-mail to ${to} within ${timeoutMs} ms`);
}

export async function mailsTo(ctx: AppContext, to: string): Promise<OutboxRow[]> {
  return ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

/** The token of the link in an e-mail's plain-text part. */
export function linkToken(mail: Pick<OutboxRow, 'text'>): string {
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no token link in: ${mail.text}`);
  return token;
}
