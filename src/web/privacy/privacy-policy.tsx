import type { ReactNode } from 'react';
import { usePublicConfig } from '@web/analytics/public-config';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** The privacy policy's text. It describes what the code does: change one with the other. */
export function PrivacyPolicy() {
  const supportEmail = usePublicConfig()?.supportEmail;
  return (
    <div className="mt-8 grid max-w-3xl gap-8 leading-relaxed">
      <p>
        This policy explains what Stash collects when you use the website, the browser extension and the installable app, why, and what you
        can do about it.
      </p>

      <Section title="What we collect">
        <ul className="list-disc space-y-2 pl-6">
          <li>Your account: first and last name, e-mail address, and your password, which we store only as a salted hash.</li>
          <li>What you save: the links, their titles, your notes and categories, and whether each goes in your newsletter.</li>
          <li>Your newsletter settings: schedule, hours and time zone.</li>
          <li>How Stash is used: which pages are viewed and which buttons are used, recorded in our own database.</li>
          <li>Payments, when you subscribe: handled by our payment provider. We never see or store your card number.</li>
          <li>Technical data: your IP address and browser in our server logs, kept to run and protect the service.</li>
        </ul>
      </Section>

      <Section title="Cookies">
        <p>
          Stash sets one cookie, which keeps you signed in. When we advertise, our advertising pages may load the ad network's pixel, which
          sets its own cookies to measure whether an ad led to a sign-up.
        </p>
      </Section>

      <Section title="How we use it">
        <p>
          To run Stash: keep your links, send your digests and the e-mails about your account, fix problems, and learn which features help.
          We do not sell your personal information, and we do not use the content of your links for advertising.
        </p>
      </Section>

      <Section title="Who else sees it">
        <p>
          Only the providers Stash needs to work: the payment provider for subscriptions, the e-mail provider that delivers your digests,
          and, when we advertise, the ad network, which receives a scrambled (hashed) form of your e-mail address when you sign up or
          subscribe. Each may use the data only to provide its service to us.
        </p>
      </Section>

      <Section title="How long we keep it, and your choices">
        <p>
          We keep your account and links until you delete them. You can correct your details in Settings, export your links, and delete your
          account at any time: your links, categories, sessions and settings are removed at once. Usage records we keep afterwards are no
          longer linked to you.
        </p>
      </Section>

      <Section title="Children">
        <p>
          Stash is not for children under 13. We do not knowingly collect personal information from anyone under 13; if you believe a child
          has given us information, contact us and we will delete it.
        </p>
      </Section>

      <Section title="Security">
        <p>
          Passwords are hashed with scrypt, sessions live in a cookie that scripts cannot read, and the hosted service is reached over
          encrypted connections. No system is perfectly secure, but we work to keep your data safe.
        </p>
      </Section>

      <Section title="Changes and contact">
        <p>
          When this policy changes we update the date at the top, and we tell you by e-mail about important changes. Questions?{' '}
          {supportEmail ? (
            <>
              Write to{' '}
              <a href={`mailto:${supportEmail}`} className="font-medium underline underline-offset-4">
                {supportEmail}
              </a>
              .
            </>
          ) : (
            'Write to us through the support page.'
          )}
        </p>
      </Section>
    </div>
  );
}
