// `npm start`: build what is out of date, then run the server (HTTP + workers, embedded database by default).
// package.json starts it with V8's young generation capped at 1 MB a half (about 17 MB less idle memory
// for a self-hosted install) and `--optimize-for-size` (V8 collects sooner and keeps a smaller heap:
// about 15 MB less again, bench/RESULTS.md) and one V8 helper thread instead of four (each thread's
// malloc arena and stack: about 8 MB less again, with no slower start); a busy deployment runs
// `node dist/server/main.js` (docs/operations.md).
import { execSync } from 'node:child_process';
import { buildIsStale } from './build-state.mjs';

if (buildIsStale()) {
  console.log('Building Stash (first start, or sources changed)…');
  execSync('npm run build', { stdio: 'inherit' });
}
// React's development build renders e-mails several times slower; a deployment is production.
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
