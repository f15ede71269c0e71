import type { EmailTemplate } from './email-template';
import { EmailFrame, heading, link, paragraph, row } from './frame';

export interface InvitationProps {
  appUrl: string;
  /** The sender's name as they gave it, or their address when they gave none. */
  inviterName: string;
  code: string;
  /** /auth?invitationCode=…, which opens registration with the code filled in. Built from APP_URL. */
  joinUrl: string;
}

/** A friend's invitation to Stash (Settings → Invitations), with the code that links the two accounts. */
function Invitation({ appUrl, inviterName, code, joinUrl }: InvitationProps) {
  return (
    <EmailFrame
      title={`${inviterName} invited you to Stash`}
      preheader={`${inviterName} thinks you will like Stash: save links, get them back as your own newsletter.`}
      appUrl={appUrl}
      reason={`You get this e-mail because ${inviterName} entered this address to invite you to Stash. We will not write again unless you join.`}
      footerLinks={[{ label: 'Privacy', href: `${appUrl}/privacy` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>{inviterName} invited you to Stash</h1>
          <p style={paragraph}>
            Stash keeps the links you save during the day and sends them back to you as a personal newsletter, when you want to read them.
          </p>
          <p style={paragraph}>Join with this link (your 14-day free trial starts right away):</p>
          <p style={paragraph}>
            <a href={joinUrl} style={link}>
              {joinUrl}
            </a>
          </p>
          <p style={paragraph}>Or enter the invitation code {code} when you create your account.</p>
        </td>
      </tr>
    </EmailFrame>
  );
}

export const invitation: EmailTemplate<InvitationProps> = {
  component: Invitation,
  subject: ({ inviterName }) => `${inviterName} invited you to Stash`,
  previewProps: {
    appUrl: 'http://localhost:3000',
    inviterName: 'Ada Lovelace',
    code: 'K7QM2XRP4D',
    joinUrl: 'http://localhost:3000/auth?invitationCode=K7QM2XRP4D',
  },
};
