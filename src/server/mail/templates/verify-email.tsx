import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { EmailTemplate } from './email-template';
import { Layout, paragraph, title } from './layout';

export interface VerifyEmailProps {
  appUrl: string;
  firstName: string | null;
  /** Built from APP_URL by the sender, never from a request's Host header. */
  verifyUrl: string;
}

/** Sent on sign-up and when the address changes: proves the address belongs to the account holder. */
export function VerifyEmail({ appUrl, firstName, verifyUrl }: VerifyEmailProps) {
  return (
    <Layout
      preview="Confirm your email address to finish setting up Stash."
      reason="You get this e-mail because this address was used to create a Stash account or was added to one."
      appUrl={appUrl}
    >
      <Heading as="h1" style={title}>
        Confirm your email address
      </Heading>
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</Text>
      <Text style={paragraph}>Please confirm that this is your address, so your digests reach you:</Text>
      <Text style={paragraph}>
        <Link href={verifyUrl}>{verifyUrl}</Link>
      </Text>
      <Text style={paragraph}>If you did not create a Stash account, you can ignore this e-mail.</Text>
    </Layout>
  );
}

export const verifyEmail: EmailTemplate<VerifyEmailProps> = {
  component: VerifyEmail,
  subject: () => 'Confirm your email address for Stash',
  previewProps: { appUrl: 'http://localhost:3000', firstName: 'Ada', verifyUrl: 'http://localhost:3000/verify-email?token=preview' },
};
