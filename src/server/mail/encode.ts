import type MimeNode from 'nodemailer/lib/mime-node/index.js';
import { base64Lines, quotedPrintable } from './transfer-encoding';
import type { MailEnvelope, MailParts } from './envelope';

export type Encodable = Omit<MailEnvelope, 'dsn'> & MailParts;

/**
 * The whole message as the SMTP transport writes it (headers, both parts, their transfer encoding),
 * without a DKIM signature: the transport signs when it sends. nodemailer is loaded on first use.
 * nodemailer's MailComposer builds the tree and every header; the parts are encoded and joined here,
 * in one synchronous pass (transfer-encoding.ts): nodemailer's own stream sets up a pipeline and two
 * transforms a part, and with its encoders that was a third of a digest's rendering (docs/digests-pipeline.md, The render thread). The message
 * reads as nodemailer's would (encode.test.ts); only its soft line breaks may fall elsewhere.
 */
export async function encodeMail(mail: Encodable): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  const chunks: Buffer[] = [];
  writeNode(new MailComposer({ ...mail, ...withTransferEncodings(mail) }).compile(), chunks);
  return Buffer.concat(chunks);
}

/** What MimeNode.stream writes for a node of text parts: its headers, its content encoded, then its children between boundaries. */
function writeNode(node: MimeNode, chunks: Buffer[]): void {
  chunks.push(Buffer.from(`${node.buildHeaders()}\r\n\r\n`));
  if (node.content !== undefined) chunks.push(encodedContent(node));
  if (!node.multipart) return;
  node.childNodes.forEach((child, i) => {
    chunks.push(Buffer.from(`${i > 0 ? '\r\n' : ''}--${node.boundary}\r\n`));
    writeNode(child, chunks);
  });
  chunks.push(Buffer.from(`\r\n--${node.boundary}--\r\n`));
}

function encodedContent(node: MimeNode): Buffer {
  const { content } = node;
  if (typeof content !== 'string') throw new Error('encodeMail writes text parts only');
  const encoding = node.getTransferEncoding();
  if (encoding === 'quoted-printable') return quotedPrintable(content);
  if (encoding === 'base64') return base64Lines(content);
  throw new Error(`encodeMail does not write ${encoding} parts`);
}

/** The parts as nodemailer takes them, each with its transfer encoding: every message is encoded alike, measured or sent. */
function withTransferEncodings({ html, text }: MailParts) {
  return {
    html: { content: html, contentTransferEncoding: transferEncoding(html) },
    text: { content: text, contentTransferEncoding: transferEncoding(text) },
  };
}

/**
 * Quoted-printable while the text is nearly all ASCII, base64 otherwise: quoted-printable writes each
 * other byte as three, and past about one extra UTF-8 byte in eight characters base64 is the smaller.
 * nodemailer decides alike by counting characters in JavaScript, several times a part: it was a
 * third of the cost of encoding a digest.
 */
function transferEncoding(content: string): 'quoted-printable' | 'base64' {
  return (Buffer.byteLength(content) - content.length) * 8 < content.length ? 'quoted-printable' : 'base64';
}
