// `npm run check:migrations` (CI runs it): the committed migrations are consistent with each other
// (drizzle-kit check) and hold the whole schema of src/server/db/schema (drizzle-kit generate, run
// into a copy of them, finds nothing to write). A schema change committed without its migration
// fails here, not at a deployment's start. The flags repeat drizzle.config.ts, but for the output.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const migrations = 'src/server/db/migrations';
const drizzleKit = (args, stdio = 'inherit') => execFileSync('npx', ['drizzle-kit', ...args], { stdio, timeout: 120_000 });

drizzleKit(['check']);
const copy = mkdtempSync(path.join(tmpdir(), 'stash-migrations-'));
try {
  cpSync(migrations, copy, { recursive: true });
  // No input: a question (a rename?) fails the check instead of waiting for an answer.
  const out = path.relative(process.cwd(), copy);
  drizzleKit(
    ['generate', '--dialect', 'postgresql', '--schema', './src/server/db/schema/index.ts', '--casing', 'snake_case', '--out', out],
    ['ignore', 'inherit', 'inherit'],
  );
  const missing = readdirSync(copy).filter((file) => file.endsWith('.sql') && !existsSync(path.join(migrations, file)));
  if (missing.length > 0) {
    console.error(
      `The schema in src/server/db/schema has changes that no committed migration holds (drizzle-kit would write ${missing.join(', ')}). ` +
        'Run `npm run db:generate` and commit the migration it writes.',
    );
    process.exitCode = 1;
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
