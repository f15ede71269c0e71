import type { EmailTemplate } from './email-template';
import { EmailFrame, heading, link, paragraph, row } from './frame';

export interface FinishSetupProps {
  appUrl: string;
  /** /setup-account?session_id=…, built from APP_URL. */
  setupUrl: string;
}

/** To a visitor who paid for a trial but closed the tab before /setup-account made their account. */
function FinishSetup({ appUrl, setupUrl }: FinishSetupProps) {
  return (
    <EmailFrame
      title="Finish setting up your Stash account"
      preheader="Your 14-day Pro trial is waiting: one step left to create your account."
      appUrl={appUrl}
      reason="You get this e-mail because this address started a Stash Pro trial at checkout."
      footerLinks={[{ label: 'Privacy', href: `${appUrl}/privacy` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>Finish setting up your Stash account</h1>
          <p style={paragraph}>
            Thanks for starting your Stash Pro trial. Your account is not created yet: choose your name and password here to start saving
            links:
          </p>
          <p style={paragraph}>
            <a href={setupUrl} style={link}>
              {setupUrl}
            </a>
          </p>
          <p style={paragraph}>
            Nothing is charged during the 14-day trial. If the account is not set up by the day before the trial ends, the trial is canceled
            and you are not charged at all.
          </p>
        </td>
      </tr>
    </EmailFrame>
  );
}

export const finishSetup: EmailTemplate<FinishSetupProps> = {
  component: FinishSetup,
  subject: () => 'Finish setting up your Stash account',
  previewProps: { appUrl: 'http://localhost:3000', setupUrl: 'http://localhost:3000/setup-account?session_id=cs_preview' },
};
