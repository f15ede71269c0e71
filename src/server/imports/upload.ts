import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { importMessages, MAX_IMPORT_BYTES, MAX_IMPORT_JSON_BYTES } from '../../shared/portability';
import type { ImportInput } from './parse/upload-files';

/**
 * The import routes' bodies: JSON up to MAX_IMPORT_JSON_BYTES (the route's bodyLimit), or a
 * multipart/form-data upload of one file up to 50 MB, streamed by @fastify/multipart. A larger
 * Content-Length is answered 413 with a message before anything is read. Registered inside the
 * import plugin only.
 */
export async function acceptImportUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 } });
  app.addHook('onRequest', async (request) => {
    const length = Number(request.headers['content-length'] ?? 0);
    // Before the body is parsed, only its header says it is an upload.
    if (/^multipart\/form-data/i.test(request.headers['content-type'] ?? '')) {
      if (length > MAX_IMPORT_BYTES) throw new HttpError(413, 'BODY_TOO_LARGE', importMessages.tooLarge);
    } else if (length > MAX_IMPORT_JSON_BYTES) {
      throw new HttpError(413, 'BODY_TOO_LARGE', importMessages.jsonTooLarge);
    }
  });
}

/**
 * The uploaded file streamed to a file of its own in the system's temporary folder (never whole
 * in memory here); `remove` deletes it, once the import is done.
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
    await pipeline(part.file, createWriteStream(file)).catch(() => {
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
