import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project root: the nearest folder above this module holding package.json (same from src/ and dist/). */
function findRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const webRoot = path.join(projectRoot, 'dist', 'web');
/** A new, empty embedded database made by the build, copied by a first start (db/embedded.ts). */
export const embeddedDatabaseTemplate = path.join(projectRoot, 'dist', 'embedded-database-template');
export const createEmbeddedDatabaseScript = path.join(projectRoot, 'scripts', 'create-embedded-database.mjs');
export const migrationsFolder = path.join(projectRoot, 'src', 'server', 'db', 'migrations');
