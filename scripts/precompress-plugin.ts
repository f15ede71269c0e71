import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and video are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

/**
 * Writes a .br and a .gz beside every text file of the web build, once, at the highest levels, so the
 * server (@fastify/static with `preCompressed`) sends about a quarter of the bytes without compressing
 * anything per request, with or without a proxy in front.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'stash-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for (const file of await filesUnder(outDir)) await compressBeside(file);
    },
  };
}

/** Writes the file's .br and .gz beside it, when it is text and big enough to gain (also for scripts/prerender.ts). */
export async function compressBeside(file: string): Promise<void> {
  if (!COMPRESSIBLE.test(file)) return;
  const content = await readFile(file);
  if (content.length < MIN_BYTES) return;
  await writeFile(`${file}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }));
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
