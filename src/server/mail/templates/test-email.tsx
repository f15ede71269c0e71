import type { EmailTemplate } from './email-template';
import { EmailFrame, heading, link, paragraph, row } from './frame';

export interface TestEmailProps {
  appUrl: string;
}

/** What /email-test sends: proof that mail from this Stash reaches the inbox. */
function TestEmail({ appUrl }: TestEmailProps) {
  return (
    <EmailFrame
      title="Test email"
      preheader="If you can read this, e-mail from Stash reaches you."
      appUrl={appUrl}
      reason="You get this e-mail because someone asked Stash to send a test message to this address."
      footerLinks={[{ label: 'Privacy', href: `${appUrl}/privacy` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>Test email</h1>
          <p style={paragraph}>
            This is a test email from Stash. If you can read it, e-mail from your Stash reaches your inbox, and your digests will too.
          </p>
          <p style={paragraph}>
            Your Stash:{' '}
            <a href={appUrl} style={link}>
              {appUrl}
            </a>
          </p>
        </td>
      </tr>
    </EmailFrame>
  );
}

export const testEmail: EmailTemplate<TestEmailProps> = {
  component: TestEmail,
  subject: () => 'Test email from Stash',
  previewProps: { appUrl: 'http://localhost:3000' },
};
