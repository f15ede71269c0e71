import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { importMessages, MAX_IMPORT_BYTES, MAX_IMPORT_JSON_BYTES } from '../../shared/portability';
import { checkImportJsonBody } from './json-body-check';
import type { ImportInput } from './parse/upload-files';
import { collectingAsItPasses } from './young-collection';

/**
 * The import routes' bodies: a multipart/form-data upload of one file up to 50 MB, streamed by
 * @fastify/multipart, or the original API's JSON `{ csvData }`, up to 50 MB too. A JSON body of up to
 * MAX_IMPORT_JSON_BYTES is parsed as it comes; a larger one (or one sent without a length) is
 * streamed to a temporary file instead and parsed by the import's worker thread (`jsonBodyFile`),
 * so that no body, however nested, is built into objects on the event loop; on its way it is only
 * checked (json-body-check.ts), so a malformed one is refused without waiting for a worker. A larger Content-Length is
 * answered 413 with a message before anything is read. Registered inside the import plugin only.
 */
export async function acceptImportUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 } });
  app.addHook('onRequest', async (request) => {
    // Before the body is parsed, only its header says how large it is.
    if (Number(request.headers['content-length'] ?? 0) > MAX_IMPORT_BYTES)
      throw new HttpError(413, 'BODY_TOO_LARGE', importMessages.tooLarge);
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isJson(request) || Number(request.headers['content-length'] ?? Infinity) <= MAX_IMPORT_JSON_BYTES) return payload;
    jsonBodyFiles.set(request, await saveBody(payload));
    // What Fastify parses in its place: no body (the route's schema allows that), with its length.
    request.headers['content-length'] = '4';
    return Readable.from(['null']);
  });
}

const jsonBodyFiles = new WeakMap<FastifyRequest, { path: string; remove: () => Promise<void> }>();

/** A large JSON body, saved to a temporary file by the preParsing hook; `remove` deletes it. */
export function jsonBodyFile(request: FastifyRequest): { input: ImportInput; remove: () => Promise<void> } | undefined {
  const file = jsonBodyFiles.get(request);
  return file && { input: { jsonPath: file.path }, remove: file.remove };
}

function isJson(request: FastifyRequest): boolean {
  return /^application\/json/i.test(request.headers['content-type'] ?? '');
}

async function saveBody(payload: Readable): Promise<{ path: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'stash-import-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  const file = path.join(folder, 'body.json');
  let bytes = 0;
  // Past the limit the rest is read and dropped (as @fastify/multipart does), so the client still gets its 413.
  const upToLimit = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      bytes += chunk.length;
      next(null, bytes > MAX_IMPORT_BYTES ? undefined : chunk);
    },
  });
  try {
    await pipeline(payload, upToLimit, collectingAsItPasses(), checkImportJsonBody(), createWriteStream(file)).catch((error: unknown) => {
      if (bytes > MAX_IMPORT_BYTES) throw new HttpError(413, 'BODY_TOO_LARGE', importMessages.tooLarge);
      throw error instanceof HttpError ? error : new HttpError(400, 'INVALID_FILE', importMessages.unreadableUpload);
    });
    if (bytes > MAX_IMPORT_BYTES) throw new HttpError(413, 'BODY_TOO_LARGE', importMessages.tooLarge);
  } catch (error) {
    await remove();
    throw error;
  }
  return { path: file, remove };
}

/**
 * The uploaded file streamed to a file of its own in the system's temporary folder (never whole
 * in memory here, nor its chunks left for V8 to find: young-collection.ts); `remove` deletes it,
 * once the import is done.
 */
export async function receiveUpload(request: FastifyRequest): Promise<{ input: ImportInput; remove: () => Promise<void> }> {
  const part = await request.file().catch(() => {
    throw new HttpError(400, 'INVALID_FILE', importMessages.unreadableUpload);
  });
  if (!part) throw new HttpError(400, 'VALIDATION', importMessages.emptyFile);
  const folder = await mkdtemp(path.join(tmpdir(), 'stash-import-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  const file = path.join(folder, 'upload');
  try {
    await pipeline(part.file, collectingAsItPasses(), createWriteStream(file)).catch(() => {
      throw new HttpError(400, 'INVALID_FILE', importMessages.unreadableUpload);
    });
    if (part.file.truncated) throw new HttpError(413, 'BODY_TOO_LARGE', importMessages.tooLarge);
    if (part.file.bytesRead === 0) throw new HttpError(400, 'VALIDATION', importMessages.emptyFile);
  } catch (error) {
    await remove();
    throw error;
  }
  return { input: { path: file, name: part.filename || 'upload' }, remove };
}
