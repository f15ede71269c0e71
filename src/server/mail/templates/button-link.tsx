import type { CSSProperties, ReactNode } from 'react';
import { colors } from './frame';

const button: CSSProperties = {
  display: 'inline-block',
  padding: '12px 24px',
  borderRadius: '6px',
  backgroundColor: colors.link,
  color: '#ffffff',
  fontSize: '16px',
  fontWeight: 600,
  lineHeight: '24px',
  textDecoration: 'none',
};

/** The one action of an e-mail, as a button (an inline-styled link: mail clients keep no stylesheets). */
export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '8px 0 24px' }}>
      <a href={href} style={button}>
        {children}
      </a>
    </p>
  );
}
