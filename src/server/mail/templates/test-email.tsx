import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { EmailTemplate } from './email-template';
import { Layout, paragraph, title } from './layout';

export interface TestEmailProps {
  appUrl: string;
}

/** What /email-test sends: proof that mail from this Stash reaches the inbox. */
export function TestEmail({ appUrl }: TestEmailProps) {
  return (
    <Layout
      preview="If you can read this, e-mail from Stash reaches you."
      reason="You get this e-mail because someone asked Stash to send a test message to this address."
      appUrl={appUrl}
    >
      <Heading as="h1" style={title}>
        Test email
      </Heading>
      <Text style={paragraph}>
        This is a test email from Stash. If you can read it, e-mail from your Stash reaches your inbox, and your
        digests will too.
      </Text>
      <Text style={paragraph}>
        Your Stash: <Link href={appUrl}>{appUrl}</Link>
      </Text>
    </Layout>
  );
}

export const testEmail: EmailTemplate<TestEmailProps> = {
  component: TestEmail,
  subject: () => 'Test email from Stash',
  previewProps: { appUrl: 'http://localhost:3000' },
};
