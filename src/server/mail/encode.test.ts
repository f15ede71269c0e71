import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { encodeMail, type Encodable, sharedTextEncoding } from './encode';

const message = (html: string, text: string): Encodable => ({
  messageId: '<0b7f6c1e-5d5e-4d0e-9a57-2f6f1c0d9e11@stash.example>',
  from: 'Stash <digest@stash.example>',
  to: 'Ada Lovelace <ada@example.com>',
  subject: 'Your digest: 20 new links — café edition',
  headers: { 'List-Unsubscribe': '<https://stash.example/unsubscribe/abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  html,
  text,
});

/** The message's lines as SMTP carries them; a lone CR or LF would be one more line break on the way. */
const lines = (raw: Buffer) => raw.toString('latin1').split(/\r\n|\r|\n/);
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
    'writes %s with the headers a mail client reads, both parts intact, lines of at most 76 characters',
    async (_, text) => {
      const mail = message(text, asRead(text));
      const raw = await encodeMail(mail);
      const read = await simpleParser(raw);
      expect(read.subject).toBe(mail.subject);
      expect(read.messageId).toBe(mail.messageId);
      expect(read.to && 'value' in read.to ? read.to.value : []).toEqual([{ name: 'Ada Lovelace', address: 'ada@example.com' }]);
      expect(read.headerLines.map((header) => header.line)).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(asRead(read.html as string)).toBe(asRead(text));
      expect(asRead(read.text!)).toBe(asRead(text));
      expect(Math.max(...lines(raw).map((line) => line.length))).toBeLessThanOrEqual(76);
    },
  );

  it.each(Object.entries(texts))(
    "writes %s the same with nodemailer's choice of encoding made beforehand (sharedTextEncoding)",
    async (_, text) => {
      const mail = message(text, asRead(text));
      const textEncoding = await sharedTextEncoding([mail.subject, mail.html, mail.text]);
      const [chosen, given] = await Promise.all([encodeMail(mail), encodeMail({ ...mail, textEncoding })]);
      // All but the random MIME boundaries and the Date header, to the byte.
      const comparable = (raw: Buffer) =>
        raw
          .toString('latin1')
          .replace(/^Date: .*$/m, '')
          .replaceAll(/--_NmP-[\w-]+/g, '--boundary')
          .replaceAll(/boundary="[^"]+"/g, 'boundary');
      expect(comparable(given)).toBe(comparable(chosen));
    },
  );

  it('chooses beforehand only the encoding nodemailer would choose for every text that needs one', async () => {
    expect(await sharedTextEncoding(['Café · news', texts['a digest-like page']])).toBe('quoted-printable');
    expect(await sharedTextEncoding([texts['a non-Latin text (base64)']])).toBe('base64');
    expect(await sharedTextEncoding(['Café · news', texts['a non-Latin text (base64)']])).toBeUndefined();
    expect(await sharedTextEncoding(['plain ASCII', 'short lines'])).toBeUndefined();
  });

  it('keeps every text as it was, whatever its characters', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 }),
        fc.string({ unit: fc.constantFrom('a', ' ', '\t', '=', '.', '\n', '\r\n', '\r', 'é', '😀', 'x'.repeat(70)), minLength: 1 }),
        async (html, text) => {
          const raw = await encodeMail(message(html, text));
          const read = await simpleParser(raw);
          expect(asRead(read.html as string)).toBe(asRead(html));
          expect(asRead(read.text!)).toBe(asRead(text));
          expect(Math.max(...lines(raw).map((line) => line.length))).toBeLessThanOrEqual(76);
          expect(raw.toString('latin1')).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);
});
