import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { mailEvents, users } from '../db/schema';
import { queueMail } from './outbox';
import { unsubscribeUrl } from '../digests/urls';

const TOKEN = 'feedback-token-for-tests-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { MAIL_FEEDBACK_TOKEN: TOKEN } });
});

afterAll(async () => {
  await t?.close();
});

/** A complaint as a mailbox provider's feedback loop writes it (RFC 5965, section 2's example, trimmed). */
function arfReport(messageId: string, feedbackType = 'abuse'): string {
  return [
    'From: <abusedesk@mailbox.example>',
    'To: <fbl@stash.example>',
    'Subject: FW: Your digest',
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="part"',
    '',
    '--part',
    'Content-Type: text/plain; charset="US-ASCII"',
    '',
    'This is an e-mail abuse report for a message received from IP 192.0.2.1.',
    '',
    '--part',
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${feedbackType}`,
    'User-Agent: SomeGenerator/1.0',
    'Version: 1',
    '',
    '--part',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Stash <digest@stash.example>',
    'Subject: Your Stash digest',
    `Message-ID: ${messageId}`,
    '',
    '--part--',
    '',
  ].join('\r\n');
}

async function digestMailTo(email: string): Promise<{ userId: string; messageId: string }> {
  const user = await createUser(t.ctx, { email });
  const outboxId = await queueMail(t.ctx.database.db, {
    userId: user.id,
    to: email,
    template: 'test',
    props: { appUrl: t.ctx.config.appUrl },
  });
  return { userId: user.id, messageId: `<${outboxId}@stash.example>` };
}

function postReport(
  body: string,
  authorization = `Bearer ${TOKEN}`,
  contentType = 'multipart/report; report-type=feedback-report; boundary="part"',
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/mail-feedback',
    headers: { authorization, 'content-type': contentType },
    body,
  });
}

/** A bounce as a mail server returns it (RFC 3464): the delivery-status part, then our message's headers. */
function deliveryReport(options: { envelopeId?: string; messageId?: string; status: string; action?: string }): string {
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.example>',
    'Subject: Undelivered Mail Returned to Sender',
    'Content-Type: multipart/report; report-type=delivery-status; boundary="part"',
    '',
    '--part',
    'Content-Type: text/plain',
    '',
    'I am sorry to have to inform you that your message could not be delivered.',
    '',
    '--part',
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.example',
    ...(options.envelopeId ? [`Original-Envelope-Id: ${options.envelopeId}`] : []),
    '',
    'Final-Recipient: rfc822; reader@example.com',
    `Action: ${options.action ?? 'failed'}`,
    `Status: ${options.status}`,
    'Diagnostic-Code: smtp; 550 the mailbox says no',
    '',
    '--part',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Stash <digest@stash.example>',
    ...(options.messageId ? [`Message-ID: ${options.messageId}`] : []),
    '',
    '--part--',
    '',
  ].join('\r\n');
}

const outboxIdOf = (messageId: string) => /<([^@]+)@/.exec(messageId)![1];

async function eventsOf(messageId: string): Promise<string[]> {
  const rows = await t.ctx.database.db
    .select({ kind: mailEvents.kind })
    .from(mailEvents)
    .where(eq(mailEvents.outboxId, outboxIdOf(messageId)));
  return rows.map((row) => row.kind);
}

async function suppression(userId: string) {
  const [row] = await t.ctx.database.db
    .select({ at: users.mailSuppressedAt, reason: users.mailSuppressedReason, next: users.nextDigestAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

describe('POST /api/webhooks/mail-feedback', () => {
  it('stops digests to an address whose owner reported one as spam', async () => {
    const { userId, messageId } = await digestMailTo('complainer@example.com');
    const answer = await postReport(arfReport(messageId));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ suppressed: 1 });
    expect(await suppression(userId)).toMatchObject({ reason: 'complaint', next: null });
    expect((await suppression(userId)).at).toBeInstanceOf(Date);
    // The same report again changes nothing.
    expect((await postReport(arfReport(messageId))).json()).toEqual({ suppressed: 0 });
  });

  it('accepts a forwarded report as message/rfc822, and ignores reports that are not complaints', async () => {
    const forwarded = await digestMailTo('forwarded@example.com');
    expect((await postReport(arfReport(forwarded.messageId), `Bearer ${TOKEN}`, 'message/rfc822')).json()).toEqual({ suppressed: 1 });

    const notSpam = await digestMailTo('not-spam@example.com');
    expect((await postReport(arfReport(notSpam.messageId, 'not-spam'))).json()).toEqual({ suppressed: 0 });
    expect((await suppression(notSpam.userId)).at).toBeNull();
  });

  it('refuses a wrong token, a body that is not a report, and changes nothing', async () => {
    const { userId, messageId } = await digestMailTo('kept@example.com');
    const wrongToken = await postReport(arfReport(messageId), 'Bearer not-the-token');
    expect(wrongToken.statusCode).toBe(401);
    expect(wrongToken.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await postReport(arfReport(messageId), '')).statusCode).toBe(401);

    const notAReport = await postReport('hello', `Bearer ${TOKEN}`, 'text/plain');
    expect(notAReport.statusCode).toBe(400);
    expect(notAReport.json().message).toMatch(/Feedback-Type/);
    expect((await postReport('{}', `Bearer ${TOKEN}`, 'application/json')).statusCode).toBe(415);
    expect((await suppression(userId)).at).toBeNull();
  });

  it('stops digests to a mailbox that a later delivery report (RFC 3464) says does not exist, by envelope id or Message-ID', async () => {
    const byEnvelope = await digestMailTo('gone@example.com');
    const answer = await postReport(
      deliveryReport({ envelopeId: outboxIdOf(byEnvelope.messageId), status: '5.1.1' }),
      `Bearer ${TOKEN}`,
      'multipart/report; report-type=delivery-status; boundary="part"',
    );
    expect(answer.json()).toEqual({ suppressed: 1 });
    expect(await suppression(byEnvelope.userId)).toMatchObject({ reason: 'bounce', next: null });
    expect(await eventsOf(byEnvelope.messageId)).toEqual(['bounce']);

    const byHeaders = await digestMailTo('disabled@example.com');
    expect((await postReport(deliveryReport({ messageId: byHeaders.messageId, status: '5.2.1' }))).json()).toEqual({ suppressed: 1 });
  });

  it('counts a relay or policy refusal in a delivery report (5.7.x), and a delay, without suppressing anyone', async () => {
    const refused = await digestMailTo('policy@example.com');
    expect((await postReport(deliveryReport({ messageId: refused.messageId, status: '5.7.1' }))).json()).toEqual({ suppressed: 0 });
    expect((await suppression(refused.userId)).at).toBeNull();
    expect(await eventsOf(refused.messageId)).toEqual(['refusal']);

    const delayed = await digestMailTo('slow@example.com');
    expect((await postReport(deliveryReport({ messageId: delayed.messageId, status: '4.4.7', action: 'delayed' }))).json()).toEqual({
      suppressed: 0,
    });
    expect((await suppression(delayed.userId)).at).toBeNull();
  });

  it('reads a complaint whose parts are base64-encoded, and one posted as its bare body with the boundary in Content-Type', async () => {
    const encoded = await digestMailTo('encoded@example.com');
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    const report = [
      'Content-Type: multipart/report; report-type=feedback-report; boundary="part"',
      '',
      '--part',
      'Content-Type: message/feedback-report',
      'Content-Transfer-Encoding: base64',
      '',
      base64('Feedback-Type: abuse\r\nVersion: 1\r\n'),
      '--part',
      'Content-Type: text/rfc822-headers',
      'Content-Transfer-Encoding: base64',
      '',
      base64(`From: Stash <digest@stash.example>\r\nMessage-ID: ${encoded.messageId}\r\n`),
      '--part--',
      '',
    ].join('\r\n');
    expect((await postReport(report)).json()).toEqual({ suppressed: 1 });
    expect(await suppression(encoded.userId)).toMatchObject({ reason: 'complaint' });

    const bare = await digestMailTo('bare@example.com');
    const body = arfReport(bare.messageId).split('\r\n\r\n').slice(1).join('\r\n\r\n');
    expect(body.startsWith('--part')).toBe(true);
    expect((await postReport(body)).json()).toEqual({ suppressed: 1 });
  });

  it('unsubscribes the sender of a mail to the List-Unsubscribe mailto:, forwarded here', async () => {
    const user = await createUser(t.ctx, { email: 'by-mail@example.com', emailFrequency: 'daily' });
    const token = unsubscribeUrl(t.ctx.config, user.id).split('/').at(-1)!;
    const mail = ['From: <by-mail@example.com>', 'To: <unsubscribe@stash.example>', `Subject: unsubscribe ${token}`, '', ''].join('\r\n');
    expect((await postReport(mail, `Bearer ${TOKEN}`, 'message/rfc822')).statusCode).toBe(200);
    const [after] = await t.ctx.database.db.select({ frequency: users.emailFrequency }).from(users).where(eq(users.id, user.id));
    expect(after.frequency).toBe('none');
  });

  it('does not exist without MAIL_FEEDBACK_TOKEN', async () => {
    const plain = await startTestApp();
    try {
      const answer = await plain.app.inject({
        method: 'POST',
        url: '/api/webhooks/mail-feedback',
        headers: { 'content-type': 'text/plain' },
        body: 'Feedback-Type: abuse',
      });
      expect(answer.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
