import type { MailEnvelope, MailParts } from './envelope';

export type Encodable = Omit<MailEnvelope, 'dsn'> &
  MailParts & {
    /** nodemailer's choice for the parts and a non-ASCII subject, made beforehand (sharedTextEncoding). */
    textEncoding?: TextEncoding;
  };
type TextEncoding = 'quoted-printable' | 'base64';

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
 * The transfer encoding nodemailer chooses for each of these texts, when it chooses the same for
 * all that need one (text that is plain ASCII in short lines needs none); undefined otherwise. Given
 * to encodeMail as `textEncoding`, it spares nodemailer counting each part's characters again, twice
 * a part (about a fifth of encoding a subscriber's copy, bench/RESULTS.md): copies of one digest
 * differ only by a token, so they choose alike. It is nodemailer's own choice (MimeNode's), taken
 * from the sample; a part so evenly mixed that a token's letters would tip it gets the sample's
 * encoding, which reads the same.
 */
export async function sharedTextEncoding(texts: string[]): Promise<TextEncoding | undefined> {
  const { default: MimeNode } = await import('nodemailer/lib/mime-node/index.js');
  const choices = new Set(texts.map((text) => new MimeNode('text/plain').setContent(asCrlf(text)).getTransferEncoding()));
  choices.delete('7bit');
  const [only] = choices;
  return choices.size === 1 && (only === 'quoted-printable' || only === 'base64') ? only : undefined;
}

/**
 * SMTP carries every line break as CRLF; nodemailer leaves a lone CR or LF as it is. Made CRLF
 * here, the bytes a size budget measures (size-budget.ts) are the bytes that go out.
 */
function asCrlf(part: string): string {
  return part.replace(/\r\n|\r|\n/g, '\r\n');
}
