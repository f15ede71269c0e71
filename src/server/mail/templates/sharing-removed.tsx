import type { EmailTemplate } from './email-template';
import { ButtonLink } from './button-link';
import { EmailFrame, heading, paragraph, row } from './frame';

export interface SharingRemovedProps {
  appUrl: string;
  firstName: string | null;
  /** What went away: "your public page “Rust”" or "your shared link to “An article”". */
  what: string;
  /** Why, in the administrator's words or the lapse rule's. */
  reason: string;
  /** An administrator took it down (true) or Pro ended (false): the mail says which. */
  takedown: boolean;
}

const lines = ({ what, reason, takedown }: SharingRemovedProps) =>
  takedown
    ? [`An administrator took down ${what}. Anyone opening its address now gets "not found".`, `Why: ${reason}`]
    : [
        `${capitalised(what)} is no longer public: ${reason}`,
        'Upgrade to Pro to publish it again; your links and the category are all still there.',
      ];

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** To the owner of a public page or shared link that went away without their doing (docs/sharing.md). */
export const sharingRemoved: EmailTemplate<SharingRemovedProps> = {
  component: (props) => (
    <EmailFrame
      title="A page you shared was removed"
      preheader={lines(props)[0]}
      appUrl={props.appUrl}
      reason="You get this e-mail because you published a page or shared a link with Stash."
      footerLinks={[{ label: 'Privacy', href: `${props.appUrl}/privacy` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>A page you shared was removed</h1>
          <p style={paragraph}>{props.firstName ? `Hi ${props.firstName},` : 'Hi,'}</p>
          {lines(props).map((line) => (
            <p key={line} style={paragraph}>
              {line}
            </p>
          ))}
          <ButtonLink href={props.takedown ? `${props.appUrl}/support` : `${props.appUrl}/pricing`}>
            {props.takedown ? 'Contact support' : 'See Pro'}
          </ButtonLink>
        </td>
      </tr>
    </EmailFrame>
  ),
  subject: (props) => (props.takedown ? 'Your Stash page was taken down' : 'Your public Stash page is no longer public'),
  text: (props) =>
    [
      'A page you shared was removed',
      '',
      props.firstName ? `Hi ${props.firstName},` : 'Hi,',
      '',
      ...lines(props),
      '',
      props.takedown ? `Contact support: ${props.appUrl}/support` : `See Pro: ${props.appUrl}/pricing`,
    ].join('\n'),
  previewProps: {
    appUrl: 'http://localhost:3000',
    firstName: 'Ada',
    what: 'your public page “Rust”',
    reason: 'It linked to pages that spread malware.',
    takedown: true,
  },
};
