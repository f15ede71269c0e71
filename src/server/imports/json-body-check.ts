import { Transform } from 'node:stream';
import { JSONParser } from '@streamparser/json';
import { HttpError } from '../http/http-error';
import { importBody, importMessages } from '../../shared/portability';

/**
 * A large JSON body `{ csvData }` checked as it streams past on its way to the temporary file,
 * with @streamparser/json's incremental parser: a body that is not JSON, or not an object with a
 * non-empty `csvData` text, fails the stream with its 400 when the body ends, before the import
 * waits for a worker. From the fault on, the rest is read and dropped, neither parsed nor passed
 * on, so the client that is still sending gets its answer. The worker parses the file again; this
 * only decides whether it is worth a turn. Nesting costs the parser no stack.
 */
export function checkImportJsonBody(): Transform {
  const parser = new JSONParser({ paths: ['$.csvData'], keepStack: false });
  let csvData: unknown;
  let ended = false;
  let fault: HttpError | undefined;
  parser.onValue = ({ value, key }) => {
    if (key === 'csvData') csvData = value;
  };
  parser.onEnd = () => (ended = true);
  parser.onError = () => (fault ??= new HttpError(400, 'INVALID_JSON', importMessages.notJson));
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      if (!fault && ended && chunk.toString('utf8').trim() !== '') fault = new HttpError(400, 'INVALID_JSON', importMessages.notJson);
      if (!fault && !ended) parser.write(chunk);
      next(null, fault ? undefined : chunk);
    },
    flush(done) {
      if (!fault && !ended) parser.end();
      if (fault) return done(fault);
      const parsed = importBody.safeParse({ csvData });
      if (parsed.success) return done();
      done(new HttpError(400, 'VALIDATION', typeof csvData === 'string' ? importMessages.emptyFile : importMessages.notJson));
    },
  });
}
