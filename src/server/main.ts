import { readFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { projectRoot } from './paths';
import { providerCallbackUrl } from './sign-in-providers/urls';
import { startRuntime } from './runtime';
import { resolveSessionSecret } from './secrets';
import { startupNotices } from './startup-notices';

/** Past the grace period, what closing the database and the mail pool may take. */
const SHUTDOWN_CLOSE_MS = 10_000;

/**
 * An error nothing else caught is logged, as JSON with its stack, before the process exits: its
 * state is unknown past one, and the work it held is left as a kill -9 leaves it (docs/operations.md).
 * At fatal, whatever LOG_LEVEL says; from the first line on, before the configuration is read.
 */
const fatalLog = pino();
process.on('uncaughtException', (err) => {
  fatalLog.fatal({ err }, 'unexpected error; exiting');
  process.exit(1);
});
process.on('unhandledRejection', (err) => {
  fatalLog.fatal({ err }, 'unexpected error (a promise rejected and not handled); exiting');
  process.exit(1);
});

async function main(): Promise<void> {
  if (process.env.NODE_ENV !== 'test') loadDotEnvIfPresent();
  const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string };
  let config;
  try {
    config = loadConfig(process.env, version);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  config.sessionSecret = await resolveSessionSecret(config.sessionSecret, config.dataDir);
  const log = pino({ level: config.logLevel });

  const runtime = await startRuntime(config, log);
  if (runtime.app) {
    await runtime.app.listen({ port: config.port, host: config.host });
  }
  log.info({ role: config.role, url: config.appUrl, version }, 'Stash is running');
  for (const notice of startupNotices(config, runtime.ctx.mail.kind)) log[notice.level](notice.message);
  for (const provider of config.signInProviders) {
    log.info({ provider: provider.id, callback: providerCallbackUrl(config, provider.id) }, `sign-in with ${provider.name} is on`);
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const deadline = setTimeout(
      () => {
        log.error('shutdown took too long; exiting');
        process.exit(1);
      },
      config.shutdownGraceSeconds * 1000 + SHUTDOWN_CLOSE_MS,
    );
    deadline.unref();
    runtime.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

function loadDotEnvIfPresent(): void {
  try {
    process.loadEnvFile(path.join(process.cwd(), '.env'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

main().catch((err: unknown) => {
  fatalLog.fatal({ err }, 'Stash could not start');
  process.exit(1);
});
