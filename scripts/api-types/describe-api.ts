import pino from 'pino';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { connect } from '../../src/server/db/client';
import { createRequestActivity } from '../../src/server/http/request-activity';
import { createMailTransport } from '../../src/server/mail/transport';
import { Shutdown } from '../../src/server/shutdown';

/**
 * The settings the document is described under. Billing 'local' registers the test checkout the web
 * app calls; the other settings only add or remove routes no client of the repository calls.
 */
const DESCRIBED_SETTINGS = {
  APP_URL: 'http://localhost:3000',
  SESSION_SECRET: 'describing-the-api-needs-no-real-secret-0123456789',
  BILLING: 'local',
  LOG_LEVEL: 'silent',
  ROLE: 'web',
};

/** A part of the running process that describing the routes must never use. */
function unused<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, property) {
      throw new Error(`Describing the API used ctx.${name}.${String(property)}; building the routes must not touch it.`);
    },
  });
}

/**
 * The server's OpenAPI document (the one /api/docs/json answers), from the app as buildApp makes it,
 * without listening or connecting: the pool of the address below is never asked for a connection.
 */
export async function describeApi(): Promise<Record<string, unknown>> {
  const config = loadConfig(DESCRIBED_SETTINGS);
  const database = connect('postgres://describe-api@127.0.0.1:1/never-connected');
  const ctx: AppContext = {
    config,
    database,
    jobs: unused('jobs'),
    // Without SMTP_URL: the capture transport, which sends nothing (and lists the dev mailbox's routes).
    mail: await createMailTransport(config),
    rateLimiter: unused('rateLimiter'),
    log: pino({ level: 'silent' }),
    requestActivity: createRequestActivity(),
    shutdown: new Shutdown(),
  };
  const app = await buildApp(ctx);
  try {
    await app.ready();
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
  }
}
