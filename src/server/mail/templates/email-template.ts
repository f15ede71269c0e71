import type { ReactElement } from 'react';

/** One kind of e-mail: what it looks like, its subject line, and sample props for previews and tests. */
export interface EmailTemplate<Props extends object> {
  component: (props: Props) => ReactElement;
  subject: (props: Props) => string;
  /** A plain-text part written for reading; without it the text is derived from the HTML. */
  text?: (props: Props) => string;
  previewProps: Props;
}
