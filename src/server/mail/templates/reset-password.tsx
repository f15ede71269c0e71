import type { EmailTemplate } from './email-template';
import { EmailFrame, heading, link, paragraph, row } from './frame';

export interface ResetPasswordProps {
  appUrl: string;
  firstName: string | null;
  /** Built from APP_URL by the sender, never from a request's Host header. */
  resetUrl: string;
}

/** The forgot-password link: valid for one hour and one use; a newer request voids it. */
function ResetPassword({ appUrl, firstName, resetUrl }: ResetPasswordProps) {
  return (
    <EmailFrame
      title="Reset your password"
      preheader="A link to choose a new password for Stash. It works for one hour."
      appUrl={appUrl}
      reason="You get this e-mail because someone asked to reset the password of the Stash account with this address."
      footerLinks={[{ label: 'Privacy', href: `${appUrl}/privacy` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>Reset your password</h1>
          <p style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</p>
          <p style={paragraph}>Choose a new password with this link. It works once, for one hour:</p>
          <p style={paragraph}>
            <a href={resetUrl} style={link}>
              {resetUrl}
            </a>
          </p>
          <p style={paragraph}>If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
        </td>
      </tr>
    </EmailFrame>
  );
}

export const resetPassword: EmailTemplate<ResetPasswordProps> = {
  component: ResetPassword,
  subject: () => 'Reset your Stash password',
  previewProps: { appUrl: 'http://localhost:3000', firstName: 'Ada', resetUrl: 'http://localhost:3000/auth?mode=reset&token=preview' },
};
