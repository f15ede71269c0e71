import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from './database';

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  process: ChildProcess;
  /** The server's own PostgreSQL database (with TEST_DATABASE_URL), for tests that set rows up directly; undefined on the embedded one. */
  databaseUrl: string | undefined;
  /** The tail of the server's stdout and stderr. */
  output(): string;
  stop(): Promise<void>;
}

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const HEALTH_TIMEOUT_MS = 90_000;
const EXIT_TIMEOUT_MS = 10_000;
const KEPT_OUTPUT_CHARS = 20_000;

export interface ServerOptions {
  /**
   * A PostgreSQL database to share with other servers (several instances of one deployment),
   * left in place when this server stops; by default the server gets a fresh one of its own.
   */
  databaseUrl?: string;
  /** The embedded database in the server's data folder, even with TEST_DATABASE_URL. */
  embedded?: boolean;
}

/**
 * Starts the real server as a child process on a free port, with its own data directory and (with
 * TEST_DATABASE_URL) its own PostgreSQL database, and waits until /api/health answers 200.
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
      : await createTestDatabase('stash_e2e');

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
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = keepOutput(child);

  const cleanUp = async () => {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  };

  try {
    await waitForHealth(url, child, output);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return { url, process: child, databaseUrl: database.url, output: output.text, stop: cleanUp };
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

/** Keeps the tail of the child's stderr and stdout for error messages (and drains the pipes). */
function keepOutput(child: ChildProcess): { text: () => string } {
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-KEPT_OUTPUT_CHARS)));
  child.stdout?.on('data', (chunk: Buffer) => (stdout = (stdout + chunk.toString()).slice(-KEPT_OUTPUT_CHARS)));
  return { text: () => `--- stderr ---\n${stderr || '(empty)'}\n--- stdout ---\n${stdout || '(empty)'}` };
}

async function waitForHealth(url: string, child: ChildProcess, output: { text: () => string }): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was healthy.\n${output.text()}`);
    }
    const status = await fetch(`${url}/api/health`).then(
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
