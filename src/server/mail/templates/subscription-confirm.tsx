import { ButtonLink } from './button-link';
import type { EmailTemplate } from './email-template';
import { EmailFrame, heading, paragraph, row } from './frame';

export interface SubscriptionConfirmProps {
  appUrl: string;
  categoryName: string;
  /** "Ada Lovelace (@ada)", or "@ada". */
  curator: string;
  /** "Fridays at 9:00 AM (Europe/Paris)". */
  when: string;
  confirmUrl: string;
}

const lines = (props: SubscriptionConfirmProps) => [
  `Someone, probably you, asked for the weekly e-mail of “${props.categoryName}”, links collected by ${props.curator} with Stash. It comes on ${props.when}, only in weeks with new links.`,
  'Nothing more is sent until you confirm. If it was not you, ignore this e-mail.',
];

/** The double opt-in of a category's subscriber (docs/sharing.md): the one mail sent before they confirm. */
export const subscriptionConfirm: EmailTemplate<SubscriptionConfirmProps> = {
  component: (props) => (
    <EmailFrame
      title="Confirm your subscription"
      preheader={`Confirm to get “${props.categoryName}” by e-mail`}
      appUrl={props.appUrl}
      reason="You get this e-mail because this address was entered on a public Stash page."
      footerLinks={[{ label: 'Privacy', href: `${props.appUrl}/privacy` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>Confirm your subscription</h1>
          {lines(props).map((line) => (
            <p key={line} style={paragraph}>
              {line}
            </p>
          ))}
          <ButtonLink href={props.confirmUrl}>Confirm subscription</ButtonLink>
        </td>
      </tr>
    </EmailFrame>
  ),
  subject: (props) => `Confirm your subscription to ${props.categoryName}`,
  text: (props) => ['Confirm your subscription', '', ...lines(props), '', `Confirm subscription: ${props.confirmUrl}`].join('\n'),
  previewProps: {
    appUrl: 'http://localhost:3000',
    categoryName: 'Rust & Go',
    curator: 'Ada Lovelace (@ada)',
    when: 'Fridays at 9:00 AM (Europe/Paris)',
    confirmUrl: 'http://localhost:3000/subscriptions/confirm/preview',
  },
};
