import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** A DATABASE_URL for a fresh, empty database; undefined means "use the embedded database". */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * With TEST_DATABASE_URL, a new database on that server for one test file; else the embedded one.
 * `template` names a database to copy instead of starting empty (see migrated-template.ts).
 */
export async function createTestDatabase(prefix = 'stash_test', template?: string): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { url: undefined, drop: async () => {} };
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: databaseUrl(serverUrl, name), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
