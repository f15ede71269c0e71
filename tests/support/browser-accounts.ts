import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BrowserContext } from 'playwright-core';
import { linksLoggedBy } from './server-process';
import type { SmtpSink } from './smtp-sink';

/*
 * Accounts for browser journeys: signed up through the API inside a browser context (so the
 * context holds the session cookie), then, where a journey needs another tier, changed in the
 * server's database directly.
 */

export const PASSWORD = 'journey-password-1';

export interface Account {
  email: string;
  firstName: string;
}

/**
 * A new account on the 14-day trial, signed in within `context`, its address verified (only a
 * verified address gets digests) with the link of its verification e-mail: read from `sink` when
 * the server sends mail over SMTP, else from the server's log, as its operator would (the dev
 * mailbox never shows an account its own verification link).
 */
export async function signUpForTrial(
  context: BrowserContext,
  serverUrl: string,
  firstName: string,
  timezone = 'UTC',
  sink?: SmtpSink,
): Promise<Account> {
  const email = `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const answer = await context.request.post(`${serverUrl}/api/auth/create-trial-account`, {
    data: { firstName, lastName: 'Tester', email, password: PASSWORD, timezone },
    headers: { origin: serverUrl },
  });
  if (answer.status() !== 201) throw new Error(`sign-up failed (${answer.status()}): ${await answer.text()}`);
  await verifyAddress(context, serverUrl, email, sink);
  return { email, firstName };
}

const MAIL_WAIT_MS = 10_000;

/** Opens the verification link mailed to `email` (see signUpForTrial for where it is read). */
export async function verifyAddress(context: BrowserContext, serverUrl: string, email: string, sink?: SmtpSink): Promise<void> {
  const token = await verificationToken(serverUrl, email, sink);
  const answer = await context.request.get(`${serverUrl}/api/auth/verify-email?token=${token}`);
  if (!answer.ok()) throw new Error(`verifying ${email} failed (${answer.status()}): ${await answer.text()}`);
}

async function verificationToken(serverUrl: string, email: string, sink?: SmtpSink): Promise<string> {
  const pattern = /\/verify-email\?token=([A-Za-z0-9_-]+)/;
  for (const deadline = Date.now() + MAIL_WAIT_MS; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const texts = sink
      ? sink.messages.filter((message) => JSON.stringify(message.to).includes(email)).map((message) => message.text ?? '')
      : linksLoggedBy(serverUrl)
          .filter((link) => link.to.toLowerCase() === email.toLowerCase())
          .map((link) => link.url);
    const token = texts.map((text) => pattern.exec(text)?.[1]).find(Boolean);
    if (token) return token;
  }
  throw new Error(`no verification e-mail to ${email} within ${MAIL_WAIT_MS} ms`);
}

/** POST /api/links as the context's user; answers the saved link's id. */
export async function saveLinkAs(context: BrowserContext, serverUrl: string, body: Record<string, unknown>): Promise<string> {
  const answer = await context.request.post(`${serverUrl}/api/links`, { data: body, headers: { origin: serverUrl } });
  if (!answer.ok()) throw new Error(`saving a link failed (${answer.status()}): ${await answer.text()}`);
  return ((await answer.json()) as { link: { id: string } }).link.id;
}

export async function markRead(context: BrowserContext, serverUrl: string, linkId: string): Promise<void> {
  const answer = await context.request.patch(`${serverUrl}/api/links/${linkId}`, { data: { read: true }, headers: { origin: serverUrl } });
  if (!answer.ok()) throw new Error(`marking a link read failed (${answer.status()})`);
}

type AccountColumns = { accountType?: 'free' | 'trial' | 'pro'; trialEndsAt?: Date | null; stripeCustomerId?: string | null };

const columnNames: Record<keyof AccountColumns, string> = {
  accountType: 'account_type',
  trialEndsAt: 'trial_ends_at',
  stripeCustomerId: 'stripe_customer_id',
};

/** Runs one statement on the server's database. */
export async function sql<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  databaseUrl: string,
  statement: string,
  values: unknown[],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/** Moves an account to another tier (or trial end) behind the server's back. */
export async function setAccount(databaseUrl: string, email: string, columns: AccountColumns): Promise<void> {
  const entries = Object.entries(columns) as [keyof AccountColumns, unknown][];
  const assignments = entries.map(([name], i) => `${columnNames[name]} = $${i + 2}`).join(', ');
  await sql(databaseUrl, `update users set ${assignments} where email = $1`, [email, ...entries.map(([, value]) => value)]);
}
