import { render } from '@react-email/render';
import { createElement } from 'react';
import type { EmailTemplate } from './templates/email-template';
import { emailTemplates, type EmailProps, type EmailTemplateName } from './templates/registry';

export interface RenderedEmail {
  subject: string;
  html: string;
  /** The plain-text part, derived from the same component so the two never disagree. */
  text: string;
}

export async function renderEmail<Name extends EmailTemplateName>(name: Name, props: EmailProps<Name>): Promise<RenderedEmail> {
  const template: EmailTemplate<EmailProps<Name>> = emailTemplates[name];
  const element = createElement(template.component, props);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(props), html, text };
}
