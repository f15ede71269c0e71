import type { EmailTemplate } from './email-template';
import { EmailFrame, heading, link, paragraph, row } from './frame';

export interface SignInMethodAddedProps {
  appUrl: string;
  firstName: string | null;
  /** The provider's name and the account there, e.g. "GitHub (ada@example.com)". */
  method: string;
  /** Settings → Security, where the method is disconnected; built from APP_URL by the sender. */
  removeUrl: string;
}

/** To the owner each time a new way to sign in is connected: the way to remove it if it was not theirs. */
export function SignInMethodAdded({ appUrl, firstName, method, removeUrl }: SignInMethodAddedProps) {
  return (
    <EmailFrame
      title="A new way to sign in to Stash"
      preheader={`${method} can now sign in to your Stash account.`}
      appUrl={appUrl}
      reason="You get this e-mail because a sign-in method was added to the Stash account with this address."
      footerLinks={[{ label: 'Privacy', href: `${appUrl}/privacy` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>A new way to sign in</h1>
          <p style={paragraph}>{firstName ? `Hi ${firstName},` : 'Hi,'}</p>
          <p style={paragraph}>{method} was connected to your Stash account and can now sign in to it.</p>
          <p style={paragraph}>If this was not you, remove it in Settings → Security and change your password:</p>
          <p style={paragraph}>
            <a href={removeUrl} style={link}>
              {removeUrl}
            </a>
          </p>
        </td>
      </tr>
    </EmailFrame>
  );
}

export const signInMethodAdded: EmailTemplate<SignInMethodAddedProps> = {
  component: SignInMethodAdded,
  subject: () => 'A new way to sign in to your Stash account',
  previewProps: {
    appUrl: 'http://localhost:3000',
    firstName: 'Ada',
    method: 'GitHub (ada@example.com)',
    removeUrl: 'http://localhost:3000/settings?tab=security',
  },
};
