// npm run api:types writes src/shared/api-types.ts; npm run check:api-types (`--check`) writes the
// types into a temporary file instead and fails when the committed file differs from them.
// `--file <path>` checks or writes another file (the script's own test points it at a stale copy).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_TYPES_FILE, generateApiTypes } from './generate';

const { values } = parseArgs({
  options: { check: { type: 'boolean', default: false }, file: { type: 'string', default: API_TYPES_FILE } },
});
const file = values.file;
const fresh = await generateApiTypes();

if (!values.check) {
  await writeFile(file, fresh);
  console.log(`Wrote ${file}`);
} else {
  const committed = await readFile(file, 'utf8').catch(() => undefined);
  if (committed === fresh) {
    console.log(`${file} matches the server's API.`);
  } else {
    const freshFile = path.join(await mkdtemp(path.join(tmpdir(), 'api-types-')), 'api-types.ts');
    await writeFile(freshFile, fresh);
    console.error(
      `${file} is ${committed === undefined ? 'missing' : 'out of date'}: run npm run api:types\n` +
        `(the server's routes describe the API differently; what they describe now is in ${freshFile})`,
    );
    process.exitCode = 1;
  }
}
