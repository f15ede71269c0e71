import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { EmailTemplate } from './email-template';
import { Layout, paragraph, title } from './layout';

export interface InvitationProps {
  appUrl: string;
  /** The sender's name as they gave it, or their address when they gave none. */
  inviterName: string;
  code: string;
  /** /auth?invitationCode=…, which opens registration with the code filled in. Built from APP_URL. */
  joinUrl: string;
}

/** A friend's invitation to Stash (Settings → Invitations), with the code that links the two accounts. */
export function Invitation({ appUrl, inviterName, code, joinUrl }: InvitationProps) {
  return (
    <Layout
      preview={`${inviterName} thinks you will like Stash: save links, get them back as your own newsletter.`}
      reason={`You get this e-mail because ${inviterName} entered this address to invite you to Stash. We will not write again unless you join.`}
      appUrl={appUrl}
    >
      <Heading as="h1" style={title}>
        {inviterName} invited you to Stash
      </Heading>
      <Text style={paragraph}>
        Stash keeps the links you save during the day and sends them back to you as a personal newsletter, when you want to read them.
      </Text>
      <Text style={paragraph}>Join with this link (your 14-day free trial starts right away):</Text>
      <Text style={paragraph}>
        <Link href={joinUrl}>{joinUrl}</Link>
      </Text>
      <Text style={paragraph}>Or enter the invitation code {code} when you create your account.</Text>
    </Layout>
  );
}

export const invitation: EmailTemplate<InvitationProps> = {
  component: Invitation,
  subject: ({ inviterName }) => `${inviterName} invited you to Stash`,
  previewProps: { appUrl: 'http://localhost:3000', inviterName: 'Ada Lovelace', code: 'K7QM2XRP4D', joinUrl: 'http://localhost:3000/auth?invitationCode=K7QM2XRP4D' },
};
