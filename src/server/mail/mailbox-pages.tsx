import type { ReactNode } from 'react';
import { brandedPage } from '../http/branded-page';
import type { CapturedMail } from './mailbox';

export const mailboxPath = '/dev/mailbox';
export const messagePath = (id: string) => `${mailboxPath}/${id}`;
const messageHtmlPath = (id: string) => `${messagePath(id)}/html`;

/** The list of captured messages, newest first. React escapes every value put in the page. */
export function mailboxListPage(messages: CapturedMail[], reader: { verified: boolean }): string {
  return page(
    'Mailbox',
    <>
      <h1>Mailbox</h1>
      <p className="muted">
        Mail kept by the capture transport, because no SMTP_URL is set: yours, and for an administrator everyone's digests and notices too.
        Newest first; also as <a href={`${mailboxPath}.json`}>JSON</a>.
      </p>
      {!reader.verified && (
        <p>Your email address is not verified yet, so no mail is shown here: the verification link is in the server's log.</p>
      )}
      {messages.length === 0 ? (
        <p>No mail yet.</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Time</th>
              <th>To</th>
              <th>Subject</th>
              <th>Template</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((mail) => (
              <tr key={mail.id}>
                <td>{formatTime(mail.createdAt)}</td>
                <td>{mail.to}</td>
                <td>
                  <a href={messagePath(mail.id)}>{mail.subject}</a>
                </td>
                <td>{mail.template}</td>
                <td>{mail.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>,
  );
}

/** What a signed-out visitor sees: no mail, a way to sign in. */
export function mailboxSignInPage(): string {
  return page(
    'Mailbox',
    <>
      <h1>Mailbox</h1>
      <p>
        Sign in to read the mail sent to you: <a href="/auth">Log in</a>, then come back to this page. Administrators read all of it.
        Verification and password-reset links are also printed in the server log.
      </p>
    </>,
  );
}

/** One message: its headers, its HTML part in a sandboxed frame, and its plain-text part. */
export function mailboxMessagePage(mail: CapturedMail, from: string): string {
  const fields: [string, string | null][] = [
    ['From', from],
    ['To', mail.to],
    ['Subject', mail.subject],
    ['Template', mail.template],
    ['Status', `${mail.status} (${mail.attempts} ${mail.attempts === 1 ? 'attempt' : 'attempts'})`],
    ['Created', formatTime(mail.createdAt)],
    ['Sent', mail.sentAt ? formatTime(mail.sentAt) : null],
    ['Message-ID', mail.messageId],
    ['Last error', mail.lastError],
    ...Object.entries(mail.headers),
  ];
  return page(
    mail.subject,
    <>
      <p>
        <a href={mailboxPath}>← Mailbox</a>
      </p>
      <h1>{mail.subject}</h1>
      <table>
        <tbody>
          {fields
            .filter(([, value]) => value !== null)
            .map(([name, value]) => (
              <tr key={name}>
                <th>{name}</th>
                <td>{value}</td>
              </tr>
            ))}
        </tbody>
      </table>
      <h2>HTML</h2>
      {/* An empty sandbox: the message's HTML runs no script and cannot reach this page. */}
      <iframe sandbox="" src={messageHtmlPath(mail.id)} title="The HTML part of the message" />
      <p>
        <a href={messageHtmlPath(mail.id)}>Open the HTML part on its own</a>
      </p>
      <h2>Plain text</h2>
      <pre>{mail.text}</pre>
    </>,
  );
}

function page(title: string, body: ReactNode): string {
  return brandedPage(`${title} · dev mailbox`, body, { wide: true });
}

function formatTime(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
