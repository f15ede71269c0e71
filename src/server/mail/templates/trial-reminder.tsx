import { freePlanChoice } from '../../../shared/billing-messages';
import type { EmailTemplate } from './email-template';
import { EmailFrame, heading, link, paragraph, row } from './frame';

export interface TrialReminderProps {
  appUrl: string;
  firstName: string | null;
  /** 7, 3 or 1 days left; 0 once the trial has ended. */
  daysRemaining: number;
  /** The trial's end in the reader's time zone, as a phrase ("on Friday, March 20 at 9:00 AM"). */
  endsAt: string;
  upgradeUrl: string;
}

function trialSubject({ daysRemaining }: Pick<TrialReminderProps, 'daysRemaining'>): string {
  if (daysRemaining === 0) return 'Your Stash trial has ended';
  return `Your Stash trial ends in ${daysRemaining} ${daysRemaining === 1 ? 'day' : 'days'}`;
}

function trialBody({ daysRemaining, endsAt }: Pick<TrialReminderProps, 'daysRemaining' | 'endsAt'>): string {
  if (daysRemaining === 0) {
    return `Your free trial ended ${endsAt}. Your links are safe. Saving new ones is paused until you choose: upgrade to Pro, or continue on Free (${freePlanChoice.terms}) in one click.`;
  }
  return `Your free trial of Stash Pro ends ${endsAt}. Upgrade to keep daily and custom digests, newsletter control, custom categories and sending a digest whenever you like.`;
}

/** The ended trial chooses between two plans on /upgrade-trial; a running one is asked to upgrade. */
const actionLabel = ({ daysRemaining }: Pick<TrialReminderProps, 'daysRemaining'>) =>
  daysRemaining === 0 ? 'Choose your plan' : 'Upgrade to Pro';

/** Sent at 7, 3 and 1 days left and when the trial ends, once each (docs/product/digests.md, Trial reminders). */
function TrialReminder(props: TrialReminderProps) {
  const subject = trialSubject(props);
  return (
    <EmailFrame
      title={subject}
      preheader={trialBody(props)}
      appUrl={props.appUrl}
      reason="You get this e-mail because your Stash account is on a free trial."
      footerLinks={[{ label: 'Your account', href: `${props.appUrl}/settings` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>{subject}</h1>
          <p style={paragraph}>{props.firstName ? `Hi ${props.firstName},` : 'Hi,'}</p>
          <p style={paragraph}>{trialBody(props)}</p>
          <p style={paragraph}>
            <a href={props.upgradeUrl} style={link}>
              {actionLabel(props)}
            </a>
          </p>
        </td>
      </tr>
    </EmailFrame>
  );
}

export const trialReminder: EmailTemplate<TrialReminderProps> = {
  component: TrialReminder,
  subject: trialSubject,
  text: (props) =>
    [
      trialSubject(props),
      '',
      props.firstName ? `Hi ${props.firstName},` : 'Hi,',
      '',
      trialBody(props),
      '',
      `${actionLabel(props)}: ${props.upgradeUrl}`,
      '',
      '--',
      'You get this e-mail because your Stash account is on a free trial.',
    ].join('\n'),
  previewProps: {
    appUrl: 'http://localhost:3000',
    firstName: 'Ada',
    daysRemaining: 3,
    endsAt: 'on Friday, March 20 at 9:00 AM',
    upgradeUrl: 'http://localhost:3000/upgrade-trial',
  },
};
