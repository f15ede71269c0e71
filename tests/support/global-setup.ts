import { execSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script shared with `npm start`.
import { buildIsStale } from '../../scripts/build-state.mjs';
import { createMigratedTemplate } from './migrated-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database test apps copy (with TEST_DATABASE_URL). */
    migratedTemplate: string | undefined;
  }
}

/** End-to-end tests run the built server and web app: build them first when sources changed. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The test runner sets NODE_ENV=test; the build must still be the production one `npm start` serves.
  if (buildIsStale()) execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const template = await createMigratedTemplate();
  project.provide('migratedTemplate', template?.name);
  return async () => template?.drop();
}
