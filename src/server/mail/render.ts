import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { EmailTemplate } from './templates/email-template';
import { emailTemplates, type EmailProps, type EmailTemplateName } from './templates/registry';

export interface RenderedEmail {
  subject: string;
  html: string;
  /** The plain-text part: the template's own, or derived from the HTML so the two never disagree. */
  text: string;
}

/**
 * Renders a template to its subject, HTML and plain-text parts. Templates are synchronous
 * components, so React's static renderer does the work in one pass (a fraction of the cost of
 * react-email's streaming render, which matters when thousands of digests go out at once).
 */
export async function renderEmail<Name extends EmailTemplateName>(name: Name, props: EmailProps<Name>): Promise<RenderedEmail> {
  const template: EmailTemplate<EmailProps<Name>> = emailTemplates[name];
  const html = `<!DOCTYPE html>${renderToStaticMarkup(createElement(template.component, props))}`;
  const text = template.text ? template.text(props) : await plainTextOf(html);
  return { subject: template.subject(props), html, text };
}

/** Loaded on first use: the converter is large, and an idle install may send no mail for hours. */
async function plainTextOf(html: string): Promise<string> {
  const { toPlainText } = await import('@react-email/render');
  // The document title and the frame's preheader and brand lines (data-skip-in-text) repeat what the body says.
  return toPlainText(html, {
    selectors: [
      { selector: 'title', format: 'skip' },
      { selector: 'h1', options: { uppercase: false } },
    ],
  });
}
