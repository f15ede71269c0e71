import type { MailEnvelope, MailParts } from './transport';

export type Encodable = Omit<MailEnvelope, 'dsn'> & MailParts;

/**
 * The whole message as the SMTP transport writes it (headers, both parts, their transfer encoding),
 * without a DKIM signature: the transport signs when it sends. nodemailer is loaded on first use.
 */
export async function encodeMail(mail: Encodable): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  return new MailComposer({ ...mail, ...withTransferEncodings(mail) }).compile().build();
}

/** The parts as nodemailer takes them, each with its transfer encoding: every message is encoded alike, measured or sent. */
export function withTransferEncodings({ html, text }: MailParts) {
  return { html: { content: html, contentTransferEncoding: transferEncoding(html) }, text: { content: text, contentTransferEncoding: transferEncoding(text) } };
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
