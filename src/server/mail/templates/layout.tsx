import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';

export interface LayoutProps {
  /** The line an inbox shows after the subject; it is left out of the plain-text part. */
  preview: string;
  /** One sentence for the footer: why this person gets this e-mail. */
  reason: string;
  appUrl: string;
  /** Given for mail someone can opt out of; the same URL goes in the List-Unsubscribe header. */
  unsubscribeUrl?: string;
  children: ReactNode;
}

/** The frame of every Stash e-mail: brand header, the message, and a footer saying why it came. */
export function Layout({ preview, reason, appUrl, unsubscribeUrl, children }: LayoutProps) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section style={header}>
            <Link href={appUrl} style={brand}>
              Stash
            </Link>
          </Section>
          <Section>{children}</Section>
          <Hr style={rule} />
          <Text style={footer}>{reason}</Text>
          {unsubscribeUrl ? (
            <Text style={footer}>
              Don&apos;t want these e-mails? <Link href={unsubscribeUrl}>Unsubscribe</Link>.
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

/** Body text and headings for the templates, so every e-mail reads alike. */
export const paragraph: CSSProperties = { fontSize: '16px', lineHeight: '24px', color: '#1f2937', margin: '0 0 16px' };
export const title: CSSProperties = { fontSize: '22px', lineHeight: '30px', fontWeight: 600, color: '#111827', margin: '0 0 16px' };

const page: CSSProperties = {
  backgroundColor: '#f4f4f5',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  margin: 0,
  padding: '24px 0',
};
const card: CSSProperties = { backgroundColor: '#ffffff', borderRadius: '8px', maxWidth: '560px', padding: '32px' };
const header: CSSProperties = { marginBottom: '24px' };
const brand: CSSProperties = { fontSize: '20px', fontWeight: 700, color: '#4f46e5', textDecoration: 'none' };
const rule: CSSProperties = { borderColor: '#e4e4e7', margin: '24px 0 16px' };
const footer: CSSProperties = { fontSize: '13px', lineHeight: '20px', color: '#71717a', margin: '0 0 8px' };
