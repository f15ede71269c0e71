import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { EmailTemplate } from './email-template';
import { Layout, paragraph, title } from './layout';

export interface ResetPasswordProps {
  appUrl: string;
  firstName: string | null;
  /** Built from APP_URL by the sender, never from a request's Host header. */
  resetUrl: string;
}

/** The forgot-password link: valid for one hour and one use; a newer request voids it. */
export function ResetPassword({ appUrl, firstName, resetUrl }: ResetPasswordProps) {
  return (
    <Layout
      preview="A link to choose a new password for Stash. It works for one hour."
      reason="You get this e-mail because someone asked to reset the password of the Stash account with this address."
      appUrl={appUrl}
    >
      <Heading as="h1" style={title}>
        Reset your password
      </Heading>
      <Text style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</Text>
      <Text style={paragraph}>Choose a new password with this link. It works once, for one hour:</Text>
      <Text style={paragraph}>
        <Link href={resetUrl}>{resetUrl}</Link>
      </Text>
      <Text style={paragraph}>If you did not ask for this, ignore this e-mail: your password stays as it is.</Text>
    </Layout>
  );
}

export const resetPassword: EmailTemplate<ResetPasswordProps> = {
  component: ResetPassword,
  subject: () => 'Reset your Stash password',
  previewProps: { appUrl: 'http://localhost:3000', firstName: 'Ada', resetUrl: 'http://localhost:3000/auth?mode=reset&token=preview' },
};
