import { move, transferableSymbol, valueSymbol } from 'piscina';
import { encodeMail, sharedTextEncoding } from '../mail/encode';
import type { EncodeBatch, EncodedCopy } from './subscriber-encode-thread';

/*
 * The subscribers' digest encoding thread's entry (subscriber-encode-thread.ts runs it): each copy
 * of a batch with its token in place of the stand-in, encoded by nodemailer's MailComposer as the
 * transport would. Built as dist/server/subscriber-encode-worker.js.
 */
export default async function encodeBatch({ sample, copies }: EncodeBatch) {
  const encoded: EncodedCopy[] = [];
  const textEncoding = await sharedTextEncoding([sample.subject, sample.html, sample.text]);
  for (const copy of copies) {
    // A token is base64url, the stand-in too: neither is anything else's text, nor needs escaping in HTML.
    const html = sample.html.replaceAll(sample.standIn, copy.token);
    const text = sample.text.replaceAll(sample.standIn, copy.token);
    const raw = await encodeMail({
      messageId: copy.messageId,
      from: sample.from,
      to: copy.to,
      subject: sample.subject,
      headers: copy.headers,
      html,
      text,
      textEncoding,
    });
    encoded.push({ html: Buffer.from(html), text: Buffer.from(text), raw });
  }
  // The bytes move to the main thread rather than being copied, each buffer that is its own.
  const transfer = encoded
    .flatMap((copy) => [copy.raw, copy.html, copy.text])
    .filter((bytes) => bytes.byteLength === bytes.buffer.byteLength)
    .map((bytes) => bytes.buffer as ArrayBuffer);
  return move({ [transferableSymbol]: transfer, [valueSymbol]: encoded });
}
