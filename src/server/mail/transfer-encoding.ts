/*
 * The two transfer encodings of a message's text parts (RFC 2045). nodemailer's encoders, in their
 * streams, were most of the cost of encoding a digest (docs/digests-pipeline.md, The render thread); these work on the whole string
 * with native string operations, a JavaScript step only for what needs escaping and once a line.
 */

/** A line's characters at most, before its CRLF; a soft break's "=" counts. */
const LINE = 76;
const EQUALS = 0x3d;

/**
 * What quoted-printable cannot write as it is ("=" aside, escaped first): a line break (CRLF, or a
 * lone CR or LF), a space or tab that ends a line, and any other character but printable ASCII.
 */
const SPECIAL = /\r\n|[\r\n]|[\t ](?=[\r\n]|$)|[\ud800-\udbff][\udc00-\udfff]|[^\t\x20-\x7e]/g;
/** Escapes by character: a digest repeats the same few ("·", "…", zero-width spaces). */
const escapes = new Map<string, string>();

function escapeOf(special: string): string {
  // SMTP carries every line break as CRLF anyway.
  if (special === '\r\n' || special === '\r' || special === '\n') return '\r\n';
  let escaped = escapes.get(special);
  if (escaped === undefined) {
    escaped = Buffer.from(special).toString('hex').toUpperCase().replace(/../g, '=$&');
    if (escapes.size < 1000) escapes.set(special, escaped);
  }
  return escaped;
}

/**
 * Quoted-printable, lines of at most 76 characters, every line break CRLF. A soft break never
 * splits an escape, nor the escapes of one UTF-8 character.
 */
export function quotedPrintable(text: string): Buffer {
  const escaped = text.replaceAll('=', '=3D').replace(SPECIAL, escapeOf);
  let wrapped = '';
  let from = 0;
  for (let end = escaped.indexOf('\r\n'); end !== -1; end = escaped.indexOf('\r\n', from)) {
    wrapped += `${softBroken(escaped.slice(from, end))}\r\n`;
    from = end + 2;
  }
  return Buffer.from(wrapped + softBroken(escaped.slice(from)), 'latin1');
}

/** A line of escaped text in lines of at most 76 characters, each but the last ending in "=". */
function softBroken(line: string): string {
  if (line.length <= LINE) return line;
  let broken = '';
  let from = 0;
  while (line.length - from > LINE) {
    let cut = from + LINE - 1;
    if (line.charCodeAt(cut - 1) === EQUALS) cut -= 1;
    else if (line.charCodeAt(cut - 2) === EQUALS) cut -= 2;
    while (continuesACharacter(line, cut) && cut - 3 > from) cut -= 3;
    broken += `${line.slice(from, cut)}=\r\n`;
    from = cut;
  }
  return broken + line.slice(from);
}

/** Whether the escape at `at` is a UTF-8 continuation byte (=80 to =BF). */
function continuesACharacter(line: string, at: number): boolean {
  return line.charCodeAt(at) === EQUALS && '89AB'.includes(line[at + 1]);
}

/** Base64, lines of 76 characters (the last one shorter), no line break after the last. */
export function base64Lines(text: string): Buffer {
  return Buffer.from(
    Buffer.from(text)
      .toString('base64')
      .replace(/.{76}(?!$)/g, '$&\r\n'),
    'latin1',
  );
}
