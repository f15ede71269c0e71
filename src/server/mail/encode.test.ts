import fc from 'fast-check';
import { simpleParser, type ParsedMail } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { describe, expect, it } from 'vitest';
import { encodeMail, type Encodable } from './encode';

const message = (html: string, text: string): Encodable => ({
  messageId: '<0b7f6c1e-5d5e-4d0e-9a57-2f6f1c0d9e11@stash.example>',
  from: 'Stash <digest@stash.example>',
  to: 'Ada Lovelace <ada@example.com>',
  subject: 'Your digest: 20 new links — café edition',
  headers: { 'List-Unsubscribe': '<https://stash.example/unsubscribe/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  html,
  text,
});

/** The message as nodemailer's own stream writes it, given the same transfer encodings. */
async function byNodemailer(mail: Encodable, encodings: { html: string; text: string }): Promise<Buffer> {
  return new MailComposer({
    ...mail,
    html: { content: mail.html, contentTransferEncoding: encodings.html },
    text: { content: mail.text, contentTransferEncoding: encodings.text },
  })
    .compile()
    .build();
}

const encodingOf = (raw: Buffer, type: string) =>
  new RegExp(`Content-Type: ${type}[^]*?Content-Transfer-Encoding: ([\\w-]+)`).exec(raw.toString())![1];
const headersOf = (mail: ParsedMail) => mail.headerLines.filter((h) => !['date', 'content-type'].includes(h.key)).map((h) => h.line);
const lines = (raw: Buffer) => raw.toString('latin1').split('\r\n');
/** What a reader gets of a text: its line breaks are CRLF on the way, whichever it had. */
const asRead = (text: string) => text.replace(/\r\n|\r|\n/g, '\n');

const texts = {
  'a digest-like page': `<!DOCTYPE html><html><body>${Array.from({ length: 300 }, (_, i) => `<p style="margin:0 0 8px;font-family:Arial">An article worth reading, number ${i}: <a href="https://stash.example/api/digest/open/${'Ab_-9'.repeat(14)}">open</a></p>`).join('\n')}</body></html>`,
  'long lines, trailing spaces and tabs, "=" and lone line breaks': `${'x'.repeat(200)} \nword\t\r\nend = start\r ${'y='.repeat(80)}  `,
  'accents and emoji, mostly ASCII': `Café déjà vu 😀 ${'plain words and more plain words '.repeat(40)}naïve ✓`,
  'a non-Latin text (base64)': '日本語のテキスト、ダイジェスト。'.repeat(60),
};

describe('encodeMail', () => {
  it.each(Object.entries(texts))(
    'writes %s as nodemailer would: the same headers and parts, lines of at most 76 characters',
    async (_, text) => {
      const mail = message(text, asRead(text));
      const ours = await encodeMail(mail);
      const theirs = await byNodemailer(mail, { html: encodingOf(ours, 'text/html'), text: encodingOf(ours, 'text/plain') });
      const [read, expected] = await Promise.all([simpleParser(ours), simpleParser(theirs)]);

      expect(headersOf(read)).toEqual(headersOf(expected));
      // nodemailer leaves a lone CR or LF to SMTP, which carries it as CRLF.
      expect(asRead(read.html as string)).toBe(asRead(expected.html as string));
      expect(asRead(read.text!)).toBe(asRead(expected.text!));
      expect(Math.max(...lines(ours).map((line) => line.length))).toBeLessThanOrEqual(76);
    },
  );

  it('keeps every text as it was, whatever its characters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }),
        fc.string({ unit: fc.constantFrom('a', ' ', '\t', '=', '.', '\n', '\r\n', 'é', '😀', 'x'.repeat(70)), minLength: 1 }),
        async (html, text) => {
          const raw = await encodeMail(message(html, text));
          const read = await simpleParser(raw);
          expect(asRead(read.html as string)).toBe(asRead(html));
          expect(asRead(read.text!)).toBe(asRead(text));
          expect(Math.max(...lines(raw).map((line) => line.length))).toBeLessThanOrEqual(76);
        },
      ),
      { numRuns: 300 },
    );
  });
});
