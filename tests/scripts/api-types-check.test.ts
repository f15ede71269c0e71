import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const committed = path.join(root, 'src/shared/api-types.ts');

/** npm run check:api-types, pointed at another copy of the types file. */
async function checkApiTypes(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)('npx', ['tsx', 'scripts/api-types/main.ts', '--check', '--file', file], {
      cwd: root,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

// That the committed file matches is CI's own gate (npm run check); this shows the gate failing.
describe('npm run check:api-types', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'api-types-check-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('fails, saying what to run, when a route changed and the types were not written again', async () => {
    const stale = path.join(folder, 'stale.ts');
    // As if the save route had answered `duplicate` under another name when the file was written.
    const text = await readFile(committed, 'utf8');
    expect(text).toContain('duplicate: boolean;');
    await writeFile(stale, text.replace('duplicate: boolean;', 'isDuplicate: boolean;'));
    const result = await checkApiTypes(stale);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${stale} is out of date: run npm run api:types`);
  }, 120_000);
});
