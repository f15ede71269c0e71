import type { ReactNode } from 'react';
import type { EmailTemplate } from './email-template';
import { ButtonLink } from './button-link';
import { EmailFrame, heading, paragraph, row } from './frame';

/*
 * The mails that confirm what just happened to an account: a plan bought, a plan canceled, the
 * account deleted. Each says it in plain words, with the figures the reader would look for.
 */

interface AccountMailProps {
  appUrl: string;
  firstName: string | null;
}

function AccountMail({
  appUrl,
  title,
  preheader,
  reason,
  children,
}: {
  appUrl: string;
  title: string;
  preheader: string;
  reason: string;
  children: ReactNode;
}) {
  return (
    <EmailFrame
      title={title}
      preheader={preheader}
      appUrl={appUrl}
      reason={reason}
      footerLinks={[{ label: 'Privacy', href: `${appUrl}/privacy` }]}
    >
      <tr>
        <td style={row}>
          <h1 style={heading}>{title}</h1>
          {children}
        </td>
      </tr>
    </EmailFrame>
  );
}

const greeting = (firstName: string | null) => (firstName ? `Hi ${firstName},` : 'Hi,');

export interface SubscriptionStartedProps extends AccountMailProps {
  /** "Stash Pro, billed yearly". */
  plan: string;
  /** "59 USD a year". */
  amount: string;
  /** What was charged today: "59 USD", or null when the first charge waits for the trial's end. */
  chargedToday: string | null;
  /** "December 10, 2026", in the reader's time zone. */
  nextCharge: string;
}

function subscriptionLines(props: SubscriptionStartedProps): string[] {
  return [
    `Plan: ${props.plan}`,
    `Amount: ${props.amount}`,
    props.chargedToday ? `Charged today: ${props.chargedToday}` : 'Charged today: nothing, your free trial runs to its end first',
    `Next charge: ${props.nextCharge}`,
  ];
}

export const subscriptionStarted: EmailTemplate<SubscriptionStartedProps> = {
  component: (props) => (
    <AccountMail
      appUrl={props.appUrl}
      title="Welcome to Stash Pro"
      preheader={`Your receipt: ${props.plan}, ${props.amount}.`}
      reason="You get this e-mail because you bought Stash Pro."
    >
      <p style={paragraph}>{greeting(props.firstName)}</p>
      <p style={paragraph}>Thank you for upgrading. Here is what you bought:</p>
      {subscriptionLines(props).map((line) => (
        <p key={line} style={{ ...paragraph, margin: '0 0 4px' }}>
          {line}
        </p>
      ))}
      <p style={{ ...paragraph, marginTop: '16px' }}>
        You can cancel anytime in Settings; Pro then lasts to the end of the period you paid for.
      </p>
      <ButtonLink href={`${props.appUrl}/settings`}>Manage your plan</ButtonLink>
    </AccountMail>
  ),
  subject: () => 'Your Stash Pro receipt',
  text: (props) =>
    [
      'Welcome to Stash Pro',
      '',
      greeting(props.firstName),
      '',
      'Thank you for upgrading. Here is what you bought:',
      ...subscriptionLines(props),
      '',
      `Manage your plan: ${props.appUrl}/settings`,
    ].join('\n'),
  previewProps: {
    appUrl: 'http://localhost:3000',
    firstName: 'Ada',
    plan: 'Stash Pro, billed yearly',
    amount: '59 USD a year',
    chargedToday: null,
    nextCharge: 'December 10, 2026',
  },
};

export interface SubscriptionCanceledProps extends AccountMailProps {
  /** The last day of Pro, in the reader's time zone. */
  proUntil: string;
}

const canceledText = ({ proUntil }: SubscriptionCanceledProps) =>
  `Your Stash Pro subscription is canceled and you will not be charged again. You keep every Pro feature until ${proUntil}; then your account moves to the free plan. Changed your mind? Keep your plan in Settings before then.`;

export const subscriptionCanceled: EmailTemplate<SubscriptionCanceledProps> = {
  component: (props) => (
    <AccountMail
      appUrl={props.appUrl}
      title="Your subscription is canceled"
      preheader={`Pro lasts until ${props.proUntil}.`}
      reason="You get this e-mail because you canceled Stash Pro."
    >
      <p style={paragraph}>{greeting(props.firstName)}</p>
      <p style={paragraph}>{canceledText(props)}</p>
      <ButtonLink href={`${props.appUrl}/settings`}>Keep my plan</ButtonLink>
    </AccountMail>
  ),
  subject: (props) => `Stash Pro canceled: yours until ${props.proUntil}`,
  text: (props) =>
    [
      'Your subscription is canceled',
      '',
      greeting(props.firstName),
      '',
      canceledText(props),
      '',
      `Settings: ${props.appUrl}/settings`,
    ].join('\n'),
  previewProps: { appUrl: 'http://localhost:3000', firstName: 'Ada', proUntil: 'December 10, 2026' },
};

export interface AccountDeletedProps extends AccountMailProps {
  email: string;
  links: number;
  categories: number;
  apiTokens: number;
  /** A subscription was ended at the provider with the account. */
  subscriptionEnded: boolean;
}

function deletedLines(props: AccountDeletedProps): string[] {
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  return [
    `Your account (${props.email}) and its settings`,
    count(props.links, 'saved link, with its notes', 'saved links, with their notes'),
    count(props.categories, 'custom category', 'custom categories'),
    count(
      props.apiTokens,
      'API token (the browser extension and scripts are signed out)',
      'API tokens (the browser extension and scripts are signed out)',
    ),
    ...(props.subscriptionEnded ? ['Your Stash Pro subscription: ended, with no further charge'] : []),
  ];
}

export const accountDeleted: EmailTemplate<AccountDeletedProps> = {
  component: (props) => (
    <AccountMail
      appUrl={props.appUrl}
      title="Your Stash account is deleted"
      preheader="Everything in your account is gone."
      reason="You get this e-mail because your Stash account was deleted."
    >
      <p style={paragraph}>{greeting(props.firstName)}</p>
      <p style={paragraph}>As you asked, we deleted:</p>
      {deletedLines(props).map((line) => (
        <p key={line} style={{ ...paragraph, margin: '0 0 4px' }}>
          {`• ${line}`}
        </p>
      ))}
      <p style={{ ...paragraph, marginTop: '16px' }}>
        There is no way to get them back, and no more digests will come. This is the last e-mail from Stash. Thank you for using it.
      </p>
    </AccountMail>
  ),
  subject: () => 'Your Stash account is deleted',
  text: (props) =>
    [
      'Your Stash account is deleted',
      '',
      greeting(props.firstName),
      '',
      'As you asked, we deleted:',
      ...deletedLines(props).map((line) => `- ${line}`),
      '',
      'There is no way to get them back, and no more digests will come. This is the last e-mail from Stash. Thank you for using it.',
    ].join('\n'),
  previewProps: {
    appUrl: 'http://localhost:3000',
    firstName: 'Ada',
    email: 'ada@example.com',
    links: 128,
    categories: 3,
    apiTokens: 1,
    subscriptionEnded: true,
  },
};
