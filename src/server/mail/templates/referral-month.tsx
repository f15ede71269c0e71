import type { EmailTemplate } from './email-template';
import { EmailFrame, heading, link, paragraph, row } from './frame';

export interface ReferralMonthProps {
  appUrl: string;
  firstName: string | null;
  /** The friend's name as they gave it, or their address. */
  friendName: string;
  /**
   * What the month became (invitations/referral-reward.ts): a credit on a paying subscription, Pro
   * until a later end ("Friday, March 20, 2026"), or counted on Pro that never ends.
   */
  outcome: { kind: 'credited' } | { kind: 'extended'; proUntil: string } | { kind: 'counted' };
  invitationsUrl: string;
}

const subject = ({ friendName }: Pick<ReferralMonthProps, 'friendName'>) => `${friendName} joined Stash: you earned a free month of Pro`;

function why({ friendName }: Pick<ReferralMonthProps, 'friendName'>): string {
  return `${friendName}, whom you invited, confirmed their e-mail address and saved their first link.`;
}

function whatYouGet({ outcome }: Pick<ReferralMonthProps, 'outcome'>): string {
  if (outcome.kind === 'credited') return "One month's price is credited to your subscription: your next payment is that much smaller.";
  if (outcome.kind === 'extended') return `Your Pro plan now runs until ${outcome.proUntil}.`;
  return 'Your Pro plan has no end date, so there is nothing to add: the month is counted in Settings → Invitations.';
}

const reason = 'You get this e-mail because you invited a friend to Stash.';

/** The sender's free month, earned once the friend they invited confirmed their address and saved a first link. */
function ReferralMonth(props: ReferralMonthProps) {
  return (
    <EmailFrame
      title={subject(props)}
      preheader={`${why(props)} ${whatYouGet(props)}`}
      appUrl={props.appUrl}
      reason={reason}
      footerLinks={[{ label: 'Your invitations', href: props.invitationsUrl }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>You earned a free month of Pro</h1>
          <p style={paragraph}>{props.firstName ? `Hi ${props.firstName},` : 'Hi,'}</p>
          <p style={paragraph}>{why(props)}</p>
          <p style={paragraph}>{whatYouGet(props)}</p>
          <p style={paragraph}>
            <a href={props.invitationsUrl} style={link}>
              See your invitations
            </a>
          </p>
        </td>
      </tr>
    </EmailFrame>
  );
}

export const referralMonth: EmailTemplate<ReferralMonthProps> = {
  component: ReferralMonth,
  subject,
  text: (props) =>
    [
      'You earned a free month of Pro',
      '',
      props.firstName ? `Hi ${props.firstName},` : 'Hi,',
      '',
      why(props),
      whatYouGet(props),
      '',
      `See your invitations: ${props.invitationsUrl}`,
      '',
      '--',
      reason,
    ].join('\n'),
  previewProps: {
    appUrl: 'http://localhost:3000',
    firstName: 'Ada',
    friendName: 'Grace Hopper',
    outcome: { kind: 'extended', proUntil: 'Friday, March 20, 2026' },
    invitationsUrl: 'http://localhost:3000/settings',
  },
};
