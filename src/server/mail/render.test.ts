import { describe, expect, it } from 'vitest';
import { renderEmail } from './render';
import { emailTemplates, type EmailTemplateName } from './templates/registry';

describe('renderEmail', () => {
  it('renders the test e-mail as a subject, an HTML part and a plain-text part', async () => {
    const email = await renderEmail('test', { appUrl: 'https://stash.example' });

    expect(email.subject).toBe('Test email from Stash');
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain('This is a test email from Stash.');
    expect(email.html).toContain('href="https://stash.example"');
    expect(email.text).toContain('This is a test email from Stash.');
    expect(email.text).toContain('https://stash.example');
    expect(email.text).toContain('You get this e-mail because someone asked Stash to send a test message');
    expect(email.text).not.toMatch(/<[a-z]/i);
  });

  it('gives the verification mail a button, with the link written out below it for clients that drop buttons', async () => {
    const verifyUrl = 'https://stash.example/verify-email?token=abc';
    const email = await renderEmail('verify-email', { appUrl: 'https://stash.example', firstName: 'Ada', verifyUrl });
    expect(email.html).toMatch(
      /<a href="https:\/\/stash\.example\/verify-email\?token=abc"[^>]*display:inline-block[^>]*>Confirm my email address<\/a>/,
    );
    expect(email.text).toContain(verifyUrl);
  });

  it('renders every template with its preview props', async () => {
    // Generic over one name, so the props are that template's (not a union of all of them).
    const renderPreview = <Name extends EmailTemplateName>(name: Name) => renderEmail(name, emailTemplates[name].previewProps);
    for (const name of Object.keys(emailTemplates) as EmailTemplateName[]) {
      const email = await renderPreview(name);
      expect(email.subject.length, name).toBeGreaterThan(0);
      expect(email.text.length, name).toBeGreaterThan(0);
    }
  });
});
