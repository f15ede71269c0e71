import { execFileSync, spawnSync } from 'node:child_process';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render';
import { emailTemplates, type EmailTemplateName } from './registry';

/** Debian's spamassassin (`.ci/run` installs it); without it this test is skipped with a note. */
const installed = spawnSync('spamassassin', ['--version']).status === 0;
if (!installed) console.log("spam-score: skipped, Debian's spamassassin is not installed (apt-get install spamassassin)");

const MAX_SCORE = 2.0;

/** Every template as sent: nodemailer builds the MIME message (both parts, encoded, with the digest's list headers). */
async function messageOf(name: EmailTemplateName): Promise<string> {
  const email = await renderEmail(name, emailTemplates[name].previewProps as never);
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await composer.sendMail({
    from: 'Stash <hello@stash.example>',
    to: 'reader@example.org',
    subject: email.subject,
    html: email.html,
    text: email.text,
    messageId: `<${name}@stash.example>`,
    headers:
      name === 'digest'
        ? { 'List-Unsubscribe': '<https://stash.example/unsubscribe/x>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : {},
  });
  return (info.message as Buffer).toString();
}

describe.skipIf(!installed)('SpamAssassin', () => {
  it(`scores every template under ${MAX_SCORE} (local rules, no network)`, { timeout: 120_000 }, async () => {
    const names = Object.keys(emailTemplates) as EmailTemplateName[];
    // One run over an mbox of all of them: SpamAssassin's start-up is the slow part.
    const mbox = (await Promise.all(names.map(messageOf)))
      .map((message) => `From hello@stash.example Thu Nov 26 00:00:00 2026\n${message.replace(/^From /gm, '>From ')}\n`)
      .join('');
    const report = execFileSync('spamassassin', ['--local', '--test-mode', '--mbox'], {
      input: mbox,
      maxBuffer: 64 * 1024 * 1024,
    }).toString();
    const scores = [...report.matchAll(/^X-Spam-Status: \w+, score=(-?[\d.]+)[\s\S]*?tests=([\s\S]*?)autolearn/gm)].map((m) => ({
      score: Number(m[1]),
      tests: m[2].replace(/\s+/g, ''),
    }));
    expect(scores).toHaveLength(names.length);
    const tooHigh = names.map((name, i) => ({ name, ...scores[i] })).filter((scored) => scored.score >= MAX_SCORE);
    expect(tooHigh).toEqual([]);
    console.log(`spam-score: ${names.map((name, i) => `${name} ${scores[i].score}`).join(', ')}`);
  });
});
