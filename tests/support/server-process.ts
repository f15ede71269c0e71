import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createTestDatabase } from './database';

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  process: ChildProcess;
  /** The server's own PostgreSQL database (with TEST_DATABASE_URL), for tests that set rows up directly; undefined on the embedded one. */
  databaseUrl: string | undefined;
  /** The tail of the server's stdout and stderr. */
  output(): string;
  /** The account links (verify, reset…) the server printed in its log because mail is kept, not sent. */
  loggedLinks(): LoggedLink[];
  stop(): Promise<void>;
}

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const HEALTH_TIMEOUT_MS = 90_000;
const EXIT_TIMEOUT_MS = 10_000;
const KEPT_OUTPUT_CHARS = 20_000;

/** A link printed in the server log for mail that was kept, not sent (mail/captured-links.ts). */
export interface LoggedLink {
  to: string;
  url: string;
}

/** The servers running now, by URL: helpers given only a server's URL read its log through this. */
const running = new Map<string, RunningServer>();

/** The links printed so far by the server running at `url` (none for a server this process did not start). */
export function linksLoggedBy(url: string): LoggedLink[] {
  return running.get(url)?.loggedLinks() ?? [];
}

export interface ServerOptions {
  /**
   * A PostgreSQL database to share with other servers (several instances of one deployment),
   * left in place when this server stops; by default the server gets a fresh one of its own.
   */
  databaseUrl?: string;
  /** The embedded database in the server's data folder, even with TEST_DATABASE_URL. */
  embedded?: boolean;
}

/** What a process says on stdout once it has started (at LOG_LEVEL info): a worker (ROLE=worker) has no HTTP to ask. */
const RUNNING_LINE = '"msg":"Stash is running"';

/**
 * Starts the real server as a child process on a free port, with its own data directory and (with
 * TEST_DATABASE_URL) its own PostgreSQL database, a copy of the one migrated once per run (copying
 * takes a fraction of the seconds migrating takes; tests/server/ give theirs empty ones), and waits
 * until /api/health answers 200 (a worker, ROLE=worker, until it logs that it is running).
 * `env` overrides or adds settings (e.g. { BILLING: 'off' }).
 */
export async function startServer(env: Record<string, string> = {}, options: ServerOptions = {}): Promise<RunningServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stash-e2e-'));
  const database = options.embedded
    ? { url: undefined, drop: async () => {} }
    : options.databaseUrl
      ? { url: options.databaseUrl, drop: async () => {} }
      : await createTestDatabase('stash_e2e', migratedTemplate());

  // The developer's own DATABASE_URL must not leak in: without TEST_DATABASE_URL we want the embedded one.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, serverCommand(), {
    cwd: projectRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      READ_PAGES: 'off',
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      ...env,
      ...(env.ROLE === 'worker' ? { LOG_LEVEL: 'info' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = keepOutput(child);

  const cleanUp = async () => {
    running.delete(url);
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };

  try {
    await waitForHealth(url, child, output, env.ROLE === 'worker');
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const server = { url, process: child, databaseUrl: database.url, output: output.text, loggedLinks: output.links, stop: cleanUp };
  running.set(url, server);
  return server;
}

/** The migrated database global-setup.ts made, when the test runner runs this (scripts use it too). */
function migratedTemplate(): string | undefined {
  return process.env.VITEST ? inject('migratedTemplate') : undefined;
}

/** The built server when there is one, else its TypeScript source through tsx. */
function serverCommand(): string[] {
  const built = path.join(projectRoot, 'dist', 'server', 'main.js');
  return existsSync(built) ? [built] : ['--import', 'tsx', path.join(projectRoot, 'src', 'server', 'main.ts')];
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Keeps the tail of the child's stderr and stdout for error messages (and drains the pipes), and
 * every account link it logs for mail it keeps, as an operator reads them.
 */
function keepOutput(child: ChildProcess): Output {
  let stderr = '';
  let stdout = '';
  let partialLine = '';
  let running = false;
  const links: LoggedLink[] = [];
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-KEPT_OUTPUT_CHARS)));
  child.stdout?.on('data', (chunk: Buffer) => {
    const tail = stdout.slice(-RUNNING_LINE.length) + chunk.toString();
    running ||= tail.includes(RUNNING_LINE);
    stdout = (stdout + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
    const lines = (partialLine + chunk.toString()).split('\n');
    partialLine = lines.pop()!;
    for (const line of lines.filter((text) => text.includes('(mail is kept, not sent)'))) {
      const { to, url } = JSON.parse(line) as LoggedLink;
      links.push({ to, url });
    }
  });
  return {
    text: () => `--- stderr ---\n${stderr || '(empty)'}\n--- stdout ---\n${stdout || '(empty)'}`,
    running: () => running,
    links: () => [...links],
  };
}

interface Output {
  text: () => string;
  /** It has logged that it is running. */
  running: () => boolean;
  links: () => LoggedLink[];
}

async function waitForHealth(url: string, child: ChildProcess, output: Output, worker: boolean): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was healthy.\n${output.text()}`);
    }
    if (worker && output.running()) return;
    const status = worker
      ? 0
      : await fetch(`${url}/api/health`).then(
          (response) => response.status,
          () => 0,
        );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server at ${url} was not healthy within ${HEALTH_TIMEOUT_MS / 1000} s.\n${output.text()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
