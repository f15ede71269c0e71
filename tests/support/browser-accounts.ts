import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { BrowserContext } from 'playwright-core';

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

/** A new account on the 14-day trial, signed in within `context`. */
export async function signUpForTrial(context: BrowserContext, serverUrl: string, firstName: string, timezone = 'UTC'): Promise<Account> {
  const email = `${firstName.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const answer = await context.request.post(`${serverUrl}/api/auth/create-trial-account`, {
    data: { firstName, lastName: 'Tester', email, password: PASSWORD, timezone },
    headers: { origin: serverUrl },
  });
  if (answer.status() !== 201) throw new Error(`sign-up failed (${answer.status()}): ${await answer.text()}`);
  return { email, firstName };
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
export async function sql<Row extends pg.QueryResultRow = pg.QueryResultRow>(databaseUrl: string, statement: string, values: unknown[]): Promise<Row[]> {
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
