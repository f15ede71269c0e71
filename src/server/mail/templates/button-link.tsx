import type { ReactNode } from 'react';
import { primaryButton } from './frame';

/** The one action of an e-mail, as a button (an inline-styled link: mail clients keep no stylesheets). */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '8px 0 24px' }}>
      <a href={href} style={primaryButton}>
        {children}
      </a>
    </p>
  );
}
