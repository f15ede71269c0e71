import { Head } from '@react-email/head';
import { Html } from '@react-email/html';
import type { CSSProperties, ReactNode } from 'react';
import { brand as look } from '../../../shared/brand';

export interface FrameProps {
  /** The document title: what a browser tab shows for the web view. */
  title: string;
  /** The first line of the message, so it is also what an inbox shows after the subject. */
  preheader: string;
  webViewUrl?: string;
  appUrl: string;
  /** One sentence for the footer: why this person gets this e-mail. */
  reason: string;
  footerLinks: { label: string; href: string }[];
  /** Table rows (<tr>) of the card. */
  children: ReactNode;
}

/**
 * A 600 px single column built only from what Gmail, Outlook and Apple Mail all support (checked
 * with doiuse-email in the tests): react-email's Html and Head, then tables with inline styles; no
 * classes, media queries, hidden text, `target` or `role` (react-email's Body, Container, Section,
 * Link and Preview bring those). `<body>` is optional in HTML and Outlook's apps drop its styles, so the
 * page colour sits on the outer table. On a phone the card shrinks to the screen (width 100%, at
 * most 600 px). It declares itself light-only: apps that darken mail anyway (Gmail, Outlook) keep
 * its contrast, since every text colour and background is set explicitly.
 */
export function EmailFrame({ title, preheader, webViewUrl, appUrl, reason, footerLinks, children }: FrameProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{title}</title>
      </Head>
      <table width="100%" cellPadding={0} cellSpacing={0} border={0} style={page}>
        <tbody>
          <tr>
            <td align="center" style={{ padding: '16px 8px' }}>
              <table width="600" cellPadding={0} cellSpacing={0} border={0} style={card}>
                <tbody>
                  <tr>
                    <td style={preheaderCell} data-skip-in-text>
                      {preheader}
                      {webViewUrl ? (
                        <>
                          {' · '}
                          <a href={webViewUrl} style={mutedLink}>
                            View in your browser
                          </a>
                        </>
                      ) : null}
                    </td>
                  </tr>
                  <tr>
                    <td style={brandCell} data-skip-in-text>
                      <a href={appUrl} style={brand}>
                        Stash
                      </a>
                    </td>
                  </tr>
                  {children}
                  <tr>
                    <td style={footerCell}>
                      <p style={footerText}>{reason}</p>
                      <p style={footerText}>
                        {footerLinks.map((link, i) => (
                          <span key={link.href}>
                            {i > 0 ? ' · ' : null}
                            <a href={link.href} style={mutedLink}>
                              {link.label}
                            </a>
                          </span>
                        ))}
                      </p>
                    </td>
                  </tr>
                </tbody>
              </table>
            </td>
          </tr>
        </tbody>
      </table>
    </Html>
  );
}

/** The web app's colours; text colours have at least 4.5:1 contrast on the white card. */
export const colors = { text: look.text, muted: look.muted, link: look.primary, rule: look.border } as const;
const fonts = look.fonts;

const page: CSSProperties = { backgroundColor: look.page, fontFamily: fonts };
const card: CSSProperties = { width: '100%', maxWidth: '600px', backgroundColor: '#ffffff', fontFamily: fonts, color: colors.text };
const preheaderCell: CSSProperties = { padding: '12px 24px 0', fontSize: '13px', lineHeight: '18px', color: colors.muted };
const brandCell: CSSProperties = { padding: '16px 24px 8px' };
const brand: CSSProperties = { fontSize: '20px', fontWeight: 700, color: colors.link, textDecoration: 'none' };
const footerCell: CSSProperties = { padding: '16px 24px 24px', borderTop: `1px solid ${colors.rule}` };
const footerText: CSSProperties = { margin: '0 0 8px', fontSize: '13px', lineHeight: '20px', color: colors.muted };
const mutedLink: CSSProperties = { color: colors.muted, textDecoration: 'underline' };

/** Rows inside the frame: a cell with the card's side padding, and body text. */
export const row: CSSProperties = { padding: '8px 24px' };
export const heading: CSSProperties = { margin: '8px 0 4px', fontSize: '24px', lineHeight: '32px', fontWeight: 700, color: colors.text };
export const paragraph: CSSProperties = { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: colors.text };
export const link: CSSProperties = { color: colors.link, textDecoration: 'underline' };
/** A call to action: a padded link, since buttons and forms do not work in mail. */
export const primaryButton: CSSProperties = {
  display: 'inline-block',
  padding: '12px 20px',
  backgroundColor: look.primary,
  color: '#ffffff',
  fontSize: '16px',
  lineHeight: '20px',
  fontWeight: 600,
  textDecoration: 'none',
};
