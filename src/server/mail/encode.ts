import type { MailEnvelope, MailParts } from './transport';

export type Encodable = Omit<MailEnvelope, 'dsn'> & MailParts;

/**
 * The whole message as nodemailer's SMTP transport writes it (headers, both parts, their transfer
 * encoding), without a DKIM signature: the transport signs when it sends. nodemailer is loaded on
 * first use.
 */
export async function encodeMail(mail: Encodable): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  const part = (content: string) => ({ content, contentTransferEncoding: transferEncoding(content) });
  return new MailComposer({ ...mail, html: part(mail.html), text: part(mail.text) }).compile().build();
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
