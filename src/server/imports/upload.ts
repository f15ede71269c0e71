import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { acceptsFile, importMessages, importSources, MAX_IMPORT_BYTES } from '../../shared/portability';
import { readUploadedFile } from './multipart';
import { isZip, readZip, ZipTooLarge, ZipUnreadable } from './zip';

/**
 * The files inside a ZIP that are read: those the source's own files are (Pocket's CSVs, not the
 * JSON of its annotations folder), never macOS's resource forks.
 */
function readableInZip(source: string | undefined): (name: string) => boolean {
  const known = importSources.find((id) => id === source);
  return (name) => known !== undefined && !name.startsWith('__MACOSX/') && !name.toLowerCase().endsWith('.zip') && acceptsFile(known, name);
}

/**
 * The import routes' bodies: up to 50 MB (the app's 1 MB elsewhere), larger answered 413 with a
 * message before anything is read; multipart/form-data with a `file` field becomes the `files` of
 * the body schema, a ZIP (Pocket's) giving the files inside that the source reads, in name order.
 * Registered inside the import plugin only.
 */
export function acceptImportUploads(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (Number(request.headers['content-length'] ?? 0) > MAX_IMPORT_BYTES) throw new HttpError(413, 'BODY_TOO_LARGE', importMessages.tooLarge);
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MAX_IMPORT_BYTES }, async (request: FastifyRequest, body: Buffer) => {
    const upload = readUploadedFile(body, request.headers['content-type'] ?? '');
    if (!upload || upload.data.length === 0) throw new HttpError(400, 'VALIDATION', importMessages.emptyFile);
    if (!isZip(upload.data)) return { files: [{ name: upload.name, text: upload.data.toString('utf8') }] };
    let entries;
    try {
      entries = readZip(upload.data, readableInZip((request.params as { source?: string }).source));
    } catch (error) {
      if (error instanceof ZipTooLarge) throw new HttpError(413, 'BODY_TOO_LARGE', importMessages.zipTooLarge);
      if (error instanceof ZipUnreadable) throw new HttpError(400, 'INVALID_FILE', importMessages.notAZip);
      throw error;
    }
    if (entries.length === 0) throw new HttpError(400, 'INVALID_FILE', importMessages.noCsvInZip);
    entries.sort((a, b) => a.name.localeCompare(b.name));
    return { files: entries.map((entry) => ({ name: entry.name, text: entry.data.toString('utf8') })) };
  });
}
