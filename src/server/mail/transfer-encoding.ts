/*
 * The two transfer encodings of a message's text parts (RFC 2045), written in one pass over the
 * UTF-8 bytes: nodemailer's encoders build strings a line at a time and tried regular expressions
 * on each, most of the cost of encoding a digest (issue 18).
 */

/** A line's characters at most, before its CRLF; a soft break's "=" counts. */
const LINE = 76;
const CR = 0x0d;
const LF = 0x0a;
const HEX = Buffer.from('0123456789ABCDEF');

/** 1 for the bytes written as they are (RFC 2045 6.7: printable ASCII but "=", and space and tab unless a line ends with them). */
const LITERAL = new Uint8Array(256);
for (let byte = 0x21; byte <= 0x7e; byte++) LITERAL[byte] = byte === 0x3d ? 0 : 1;
LITERAL[0x20] = LITERAL[0x09] = 1;

/**
 * Quoted-printable, lines of at most 76 characters. Every line break of the text (CRLF, or a lone
 * CR or LF) is written as CRLF, as SMTP carries it anyway; a soft break never splits an escape, nor
 * the escapes of one UTF-8 character.
 */
export function quotedPrintable(text: string): Buffer {
  const bytes = Buffer.from(text);
  // Each byte three characters at most, and a soft break each 75 characters.
  const out = Buffer.allocUnsafe(bytes.length * 3 + Math.ceil((bytes.length * 3) / (LINE - 1)) * 3);
  const last = bytes.length - 1;
  let at = 0;
  let column = 0;
  for (let i = 0; i <= last; i++) {
    const byte = bytes[i];
    if (byte === CR || byte === LF) {
      if (byte === CR && i < last && bytes[i + 1] === LF) i++;
      out[at++] = CR;
      out[at++] = LF;
      column = 0;
    } else if (LITERAL[byte] === 1 && (byte > 0x20 || (i < last && bytes[i + 1] !== CR && bytes[i + 1] !== LF))) {
      if (column === LINE - 1) {
        at = softBreak(out, at);
        column = 0;
      }
      out[at++] = byte;
      column += 1;
    } else {
      // A UTF-8 lead byte keeps room for the escapes of its whole character.
      if (column + (byte >= 0xf0 ? 12 : byte >= 0xe0 ? 9 : byte >= 0xc0 ? 6 : 3) > LINE - 1) {
        at = softBreak(out, at);
        column = 0;
      }
      out[at++] = 0x3d;
      out[at++] = HEX[byte >> 4];
      out[at++] = HEX[byte & 15];
      column += 3;
    }
  }
  return out.subarray(0, at);
}

/** Writes "=" CRLF at `at`; answers where the next byte goes. */
function softBreak(out: Buffer, at: number): number {
  out[at] = 0x3d;
  out[at + 1] = CR;
  out[at + 2] = LF;
  return at + 3;
}

/** Base64, lines of 76 characters (the last one shorter), no line break after the last. */
export function base64Lines(text: string): Buffer {
  const encoded = Buffer.from(Buffer.from(text).toString('base64'), 'latin1');
  const lines = Math.ceil(encoded.length / LINE);
  const out = Buffer.allocUnsafe(encoded.length + Math.max(lines - 1, 0) * 2);
  let at = 0;
  for (let from = 0; from < encoded.length; from += LINE) {
    if (from > 0) {
      out[at++] = CR;
      out[at++] = LF;
    }
    at += encoded.copy(out, at, from, Math.min(from + LINE, encoded.length));
  }
  return out;
}
