import { execSync } from 'node:child_process';
// @ts-expect-error: a plain .mjs script shared with `npm start`.
import { buildIsStale } from '../../scripts/build-state.mjs';

/** End-to-end tests run the built server and web app: build them first when sources changed. */
export default function setup(): void {
  // The test runner sets NODE_ENV=test; the build must still be the production one `npm start` serves.
  if (buildIsStale()) execSync('npm run build', { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
