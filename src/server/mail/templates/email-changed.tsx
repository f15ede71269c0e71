import type { EmailTemplate } from './email-template';
import { EmailFrame, heading, link, paragraph, row } from './frame';

export interface EmailChangedProps {
  appUrl: string;
  firstName: string | null;
  newEmail: string;
  /** Built from APP_URL by the sender; works for 7 days. */
  undoUrl: string;
}

/** To the old address once a change of address took effect: the way back if it was not its owner's doing. */
function EmailChanged({ appUrl, firstName, newEmail, undoUrl }: EmailChangedProps) {
  return (
    <EmailFrame
      title="Your Stash email address was changed"
      preheader={`Your Stash account now uses ${newEmail}.`}
      appUrl={appUrl}
      reason="You get this e-mail because this address was the one of a Stash account until now."
      footerLinks={[{ label: 'Privacy', href: `${appUrl}/privacy` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>Your email address was changed</h1>
          <p style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</p>
          <p style={paragraph}>Your Stash account now uses {newEmail}. Digests and account e-mails go there from now on.</p>
          <p style={paragraph}>
            If you did not make this change, undo it within 7 days: your address comes back and everyone is signed out.
          </p>
          <p style={paragraph}>
            <a href={undoUrl} style={link}>
              {undoUrl}
            </a>
          </p>
        </td>
      </tr>
    </EmailFrame>
  );
}

export const emailChanged: EmailTemplate<EmailChangedProps> = {
  component: EmailChanged,
  subject: () => 'Your Stash email address was changed',
  previewProps: {
    appUrl: 'http://localhost:3000',
    firstName: 'Ada',
    newEmail: 'ada@new.example',
    undoUrl: 'http://localhost:3000/undo-email-change?token=preview',
  },
};
