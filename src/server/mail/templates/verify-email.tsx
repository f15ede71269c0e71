import type { EmailTemplate } from './email-template';
import { ButtonLink } from './button-link';
import { EmailFrame, heading, link, paragraph, row } from './frame';

export interface VerifyEmailProps {
  appUrl: string;
  firstName: string | null;
  /** Built from APP_URL by the sender, never from a request's Host header. */
  verifyUrl: string;
}

/** Sent on sign-up and when the address changes: proves the address belongs to the account holder. */
function VerifyEmail({ appUrl, firstName, verifyUrl }: VerifyEmailProps) {
  return (
    <EmailFrame
      title="Confirm your email address"
      preheader="Confirm your email address to finish setting up Stash."
      appUrl={appUrl}
      reason="You get this e-mail because this address was used to create a Stash account or was added to one."
      footerLinks={[{ label: 'Privacy', href: `${appUrl}/privacy` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>Confirm your email address</h1>
          <p style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</p>
          <p style={paragraph}>Please confirm that this is your address, so your digests reach you.</p>
          <ButtonLink href={verifyUrl}>Confirm my email address</ButtonLink>
          <p style={paragraph}>
            If the button does not work, open this link:{' '}
            <a href={verifyUrl} style={link}>
              {verifyUrl}
            </a>
          </p>
          <p style={paragraph}>If you did not create a Stash account, you can ignore this e-mail.</p>
        </td>
      </tr>
    </EmailFrame>
  );
}

export const verifyEmail: EmailTemplate<VerifyEmailProps> = {
  component: VerifyEmail,
  subject: () => 'Confirm your email address for Stash',
  previewProps: { appUrl: 'http://localhost:3000', firstName: 'Ada', verifyUrl: 'http://localhost:3000/verify-email?token=preview' },
};
