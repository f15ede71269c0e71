import { render } from '@react-email/render';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderEmail } from './render';
import { Layout } from './templates/layout';
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
    // The inbox preview line belongs to the HTML part only.
    expect(email.text).not.toContain('If you can read this');
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

describe('Layout', () => {
  const props = { preview: 'Preview', reason: 'You get this because you asked for it.', appUrl: 'https://stash.example', children: 'Hello' };

  it('links to unsubscribe when given the URL', async () => {
    const html = await render(createElement(Layout, { ...props, unsubscribeUrl: 'https://stash.example/unsubscribe?t=abc' }));
    expect(html).toContain('href="https://stash.example/unsubscribe?t=abc"');
    expect(html).toContain('You get this because you asked for it.');
  });

  it('has no unsubscribe line without one', async () => {
    const html = await render(createElement(Layout, props));
    expect(html).not.toContain('Unsubscribe');
  });
});
