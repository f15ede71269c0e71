import type { MailEnvelope, MailParts } from './envelope';

export type Encodable = Omit<MailEnvelope, 'dsn'> & MailParts;

/**
 * The whole message as the SMTP transport writes it (headers, both parts, each quoted-printable or
 * base64 as nodemailer chooses), without a DKIM signature: the transport signs when it sends.
 * nodemailer's own MailComposer writes it; nodemailer is loaded on first use.
 */
export async function encodeMail(mail: Encodable): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  return new MailComposer({ ...mail, html: asCrlf(mail.html), text: asCrlf(mail.text) }).compile().build();
}

/**
 * SMTP carries every line break as CRLF; nodemailer leaves a lone CR or LF as it is. Made CRLF
 * here, the bytes a size budget measures (size-budget.ts) are the bytes that go out.
 */
function asCrlf(part: string): string {
  return part.replace(/\r\n|\r|\n/g, '\r\n');
}
