import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser, type Instruction } from 'dockerfile-ast';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import * as paths from '../../src/server/paths';
import { startTestApp, type TestApp } from '../support/test-app';

/*
 * Container images cannot be built on this project's machines, so the Dockerfile and compose.yaml
 * are read instead: every variable they give Stash is one docs/configuration.md documents (and
 * together a configuration Stash accepts), every npm command they run is one of package.json's
 * scripts, and what the image copies is what the built server reads at run time.
 */
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const packageJson = JSON.parse(read('package.json')) as { scripts: Record<string, string>; engines: { node: string } };
const dockerfile = DockerfileParser.parse(read('Dockerfile'));
const instructions = dockerfile.getInstructions();
const compose = parseYaml(read('compose.yaml')) as {
  services: Record<
    string,
    { image?: string; build?: string; environment?: Record<string, string>; command?: string | string[]; volumes?: string[] }
  >;
  volumes?: Record<string, unknown>;
};
const stash = compose.services.stash;

/** The variables docs/configuration.md's table names (`PORT` / `HOST`, `ANALYTICS_*`…). */
function documentedVariables(): string[] {
  const rows = read('docs/configuration.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*\*?)`/g)].map((match) => match[1]));
}

function isDocumented(name: string): boolean {
  return documentedVariables().some((documented) =>
    documented.endsWith('*') ? name.startsWith(documented.slice(0, -1)) : name === documented,
  );
}

/** The stages' instructions of one kind, e.g. every RUN. */
const all = (keyword: string): Instruction[] => instructions.filter((instruction) => instruction.getKeyword() === keyword);

/** The words of an exec-form (JSON array) or shell-form command. */
function words(argumentsContent: string): string[] {
  const trimmed = argumentsContent.trim();
  return trimmed.startsWith('[') ? (JSON.parse(trimmed) as string[]) : trimmed.split(/\s+/);
}

/** Each npm command in a line of shell: `npm run build` → build, `npm start` → start, `npm install` → install. */
function npmCommands(command: string[]): { script?: string; command: string }[] {
  const found: { script?: string; command: string }[] = [];
  command.forEach((word, i) => {
    if (word !== 'npm') return;
    const verb = command[i + 1];
    if (verb === 'run' || verb === 'run-script') found.push({ command: `npm run ${command[i + 2]}`, script: command[i + 2] });
    else if (verb === 'start' || verb === 'test') found.push({ command: `npm ${verb}`, script: verb });
    else found.push({ command: `npm ${verb}` });
  });
  return found;
}

/** compose's ${NAME:-default} and ${NAME:?error}, as `docker compose` fills them in from a .env file. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind: string | undefined, rest: string) => {
    if (env[name]) return env[name];
    if (kind === '?') throw new Error(`${name}: ${rest}`);
    return kind === '-' ? rest : '';
  });
}

describe('the Dockerfile', () => {
  it('builds on Node 20, Debian slim, and runs as a user other than root', () => {
    const bases = all('FROM').map((from) => words(from.getArgumentsContent() ?? '')[0]);
    expect(bases.length).toBeGreaterThanOrEqual(2);
    for (const base of bases) expect(base).toMatch(/^node:20-[a-z]+-slim$/);
    const users = all('USER').map((user) => user.getArgumentsContent());
    expect(users.at(-1)).toBe('node');
  });

  it('sets only variables docs/configuration.md documents', () => {
    const set = all('ENV').flatMap((env) =>
      (env as unknown as { getProperties(): { getName(): string }[] }).getProperties().map((property) => property.getName()),
    );
    expect(set).toContain('HOST');
    expect(set.filter((name) => !isDocumented(name))).toEqual([]);
  });

  it('installs, builds and starts as the README says, with npm commands package.json has', () => {
    const commands = [...all('RUN'), ...all('CMD')].flatMap((instruction) => npmCommands(words(instruction.getArgumentsContent() ?? '')));
    expect(commands.map((command) => command.command)).toEqual(expect.arrayContaining(['npm install', 'npm run build', 'npm start']));
    for (const { script, command } of commands) if (script) expect(packageJson.scripts[script], command).toBeDefined();
    const readme = read('README.md');
    for (const command of ['npm install', 'npm start']) expect(readme).toContain(command);
    expect(words(all('CMD').at(-1)?.getArgumentsContent() ?? '')).toEqual(['npm', 'start']);
  });

  it('copies into the image every folder the built server reads at run time', () => {
    const copied = all('COPY')
      .map((copy) => words(copy.getArgumentsContent() ?? '').filter((word) => !word.startsWith('--')))
      .map((args) => path.posix.normalize(path.posix.join('/app', args.at(-1) ?? '')));
    const needed = [
      paths.webRoot,
      paths.embeddedDatabaseTemplate,
      paths.createEmbeddedDatabaseScript,
      paths.migrationsFolder,
      path.join(paths.projectRoot, 'package.json'),
    ];
    for (const file of needed) {
      const inImage = path.posix.join('/app', path.relative(paths.projectRoot, file).split(path.sep).join('/'));
      expect(
        copied.some(
          (destination) => inImage === destination || inImage.startsWith(`${destination.replace(/\/$/, '')}/`) || destination === '/app',
        ),
        inImage,
      ).toBe(true);
    }
  });

  it('checks its health on /api/health', () => {
    const [healthcheck] = all('HEALTHCHECK');
    expect(healthcheck?.getArgumentsContent()).toContain('/api/health');
  });

  it('runs on a Node version package.json allows, as does the Node running these tests', async () => {
    const { satisfies } = await import('semver');
    expect(satisfies('20.19.0', packageJson.engines.node)).toBe(true);
    expect(satisfies(process.versions.node, packageJson.engines.node)).toBe(true);
  });
});

describe('compose.yaml', () => {
  const example = { POSTGRES_PASSWORD: 'a-long-database-password', SESSION_SECRET: 'x'.repeat(40), ADMIN_EMAILS: 'admin@example.com' };

  it('runs Stash beside PostgreSQL 16, whose data is in a named volume', () => {
    expect(stash.build).toBe('.');
    expect(compose.services.postgres.image).toMatch(/^postgres:16(\b|-)/);
    const [volume] = compose.services.postgres.volumes ?? [];
    const name = volume.split(':')[0];
    expect(Object.keys(compose.volumes ?? {})).toContain(name);
    expect(stash.command).toBeUndefined();
  });

  it('gives Stash only variables docs/configuration.md documents, SMTP, secrets and ADMIN_EMAILS among them', () => {
    const names = Object.keys(stash.environment ?? {});
    expect(names).toEqual(expect.arrayContaining(['DATABASE_URL', 'SESSION_SECRET', 'SMTP_URL', 'MAIL_FROM', 'ADMIN_EMAILS']));
    expect(names.filter((name) => !isDocumented(name))).toEqual([]);
  });

  it('with a .env of the database password and the session secret, is a configuration Stash accepts', () => {
    const env = Object.fromEntries(
      Object.entries(stash.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), example)]),
    );
    const config = loadConfig(env);
    expect(config.databaseUrl).toBe('postgres://stash:a-long-database-password@postgres:5432/stash');
    expect(config.adminEmails).toEqual(['admin@example.com']);
    expect(config.billing).toBe('off');
  });

  it('refuses to start without the database password or the session secret', () => {
    const { SESSION_SECRET: _, ...withoutSecret } = example;
    expect(() => Object.values(stash.environment ?? {}).map((value) => interpolate(String(value), withoutSecret))).toThrow(
      /SESSION_SECRET/,
    );
  });
});

describe("the image's health check", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('asks a route that answers 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });
});
