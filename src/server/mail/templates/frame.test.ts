import { doIUseEmail } from '@jsx-email/doiuse-email';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../render';
import { emailTemplates } from './registry';

/** Every template is built on EmailFrame: made only of what these clients support. */
const framed = [
  'digest',
  'trial-reminder',
  'verify-email',
  'reset-password',
  'invitation',
  'test',
  'finish-setup',
  'email-changed',
  'referral-month',
] as const;

describe('EmailFrame templates', () => {
  it.each(framed)('%s uses nothing Gmail, Outlook or Apple Mail lacks (doiuse-email), and has a text part without HTML', async (name) => {
    const email = await renderEmail(name, emailTemplates[name].previewProps as never);
    const checked = doIUseEmail(email.html, { emailClients: ['gmail.*', 'outlook.*', 'apple-mail.*'] });
    expect(checked.success, JSON.stringify(checked)).toBe(true);
    expect(email.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(email.html).toContain('max-width:600px');
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it('opens with the preheader, so an inbox shows it after the subject', async () => {
    const email = await renderEmail('digest', emailTemplates.digest.previewProps);
    const firstText = email.html
      .replace(/<head>.*<\/head>/, '')
      .replace(/<[^>]+>/g, '\n')
      .split('\n')
      .find((line) => line.trim());
    expect(firstText).toBe('3 new links · 1 from your stash · about 26 minutes of reading: A link worth reading, number 1 · ');
  });
});
