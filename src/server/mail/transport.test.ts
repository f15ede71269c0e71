import { describe, expect, it } from 'vitest';
import { classifySmtpError, PermanentMailError, TemporaryMailError } from './transport';

/** An error as nodemailer throws it for a refused recipient or message. */
const smtpError = (response: string, command = 'RCPT TO') =>
  Object.assign(new Error(`Can't send mail - all recipients were rejected: ${response}`), {
    responseCode: Number(response.slice(0, 3)),
    response,
    command,
  });

describe('classifySmtpError', () => {
  it.each([
    '550 5.1.1 <nobody@example.com>: Recipient address rejected: User unknown',
    '550-5.1.1 The email account does not exist',
    '552 5.2.2 Mailbox full',
    '550 5.2.1 Mailbox disabled',
  ])('treats %s as a mailbox error that suppresses the address', (response) => {
    const error = classifySmtpError(smtpError(response));
    expect(error).toBeInstanceOf(PermanentMailError);
    expect((error as PermanentMailError).mailboxError).toBe(true);
  });

  it.each([
    '554 5.7.1 <reader@example.com>: Relay access denied',
    '550 5.7.1 Service unavailable; client host blocked using Spamhaus',
    '550 5.7.26 Unauthenticated email is not accepted',
  ])('retries %s, a refusal about us, and never holds it against the recipient', (response) => {
    const error = classifySmtpError(smtpError(response));
    expect(error).toBeInstanceOf(TemporaryMailError);
    expect((error as TemporaryMailError).policyRefusal).toBe(true);
  });

  it('fails a message refused for its content without suppressing anyone', () => {
    const error = classifySmtpError(smtpError('552 5.3.4 Message size exceeds fixed limit', 'DATA'));
    expect(error).toBeInstanceOf(PermanentMailError);
    expect((error as PermanentMailError).mailboxError).toBe(false);
  });

  it('does not read a status code out of an address in the reply', () => {
    const error = classifySmtpError(smtpError('550 Rejected: client 192.5.1.1 not allowed'));
    expect((error as PermanentMailError).mailboxError).toBe(false);
  });

  it('retries a 4xx and a dropped connection', () => {
    expect(classifySmtpError(smtpError('451 4.7.1 Try again later'))).toBeInstanceOf(TemporaryMailError);
    expect(classifySmtpError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }))).toBeInstanceOf(TemporaryMailError);
  });
});
