import { Transform } from 'node:stream';
import { Tokenizer, TokenParser, TokenType } from '@streamparser/json';
import { HttpError } from '../http/http-error';
import { importBody, importMessages } from '../../shared/portability';

/**
 * How deep a body may nest: `{ csvData }` needs one level. The token parser's work per value grows
 * with the depth, so 500,000 nested arrays would hold the event loop for minutes.
 */
const MAX_DEPTH = 32;

/**
 * A large JSON body `{ csvData }` checked as it streams past on its way to the temporary file,
 * with @streamparser/json's incremental tokenizer and parser: a body that is not JSON, nests
 * deeper than MAX_DEPTH, or is not an object with a non-empty `csvData` text fails the stream with
 * its 400 when the body ends, before the import waits for a worker. From the fault on, the rest is
 * read and dropped, neither parsed nor passed on, so the client that is still sending gets its
 * answer. The worker parses the file again; this only decides whether it is worth a turn.
 */
export function checkImportJsonBody(): Transform {
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: ['$.csvData'], keepStack: false });
  let depth = 0;
  let csvData: unknown;
  let ended = false;
  let fault: HttpError | undefined;
  const malformed = () => (fault ??= new HttpError(400, 'INVALID_JSON', importMessages.notJson));
  tokenizer.onToken = (token) => {
    if (fault) return;
    if (token.token === TokenType.LEFT_BRACE || token.token === TokenType.LEFT_BRACKET) depth += 1;
    if (token.token === TokenType.RIGHT_BRACE || token.token === TokenType.RIGHT_BRACKET) depth -= 1;
    if (depth > MAX_DEPTH) return malformed();
    parser.write(token);
  };
  tokenizer.onError = malformed;
  parser.onError = malformed;
  parser.onValue = ({ value, key }) => {
    if (key === 'csvData') csvData = value;
  };
  parser.onEnd = () => (ended = true);
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      // After the value, white space gives no token; anything else is a token the parser refuses.
      if (!fault) tokenizer.write(chunk);
      next(null, fault ? undefined : chunk);
    },
    flush(done) {
      if (!fault && !tokenizer.isEnded) tokenizer.end();
      if (!ended) malformed();
      if (fault) return done(fault);
      const parsed = importBody.safeParse({ csvData });
      if (parsed.success) return done();
      done(new HttpError(400, 'VALIDATION', typeof csvData === 'string' ? importMessages.emptyFile : importMessages.notJson));
    },
  });
}
