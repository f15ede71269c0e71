import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';
import { deliverMailJob } from './deliver-job';
import { encodeMail } from './encode';
import { deliverQueuedMail, deliverQueuedMails, MAX_DELIVERY_ATTEMPTS, queueMail, type MailBodies } from './outbox';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  t = await startTestApp({
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Stash <digest@stash.example>',
      DKIM_DOMAIN: 'stash.example',
      DKIM_SELECTOR: 'mail2024',
      DKIM_PRIVATE_KEY: privateKey,
    },
  });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let recipients = 0;
async function queueTestMail(headers?: Record<string, string>): Promise<{ id: string; to: string }> {
  const to = `reader${++recipients}@example.com`;
  const id = await queueMail(t.ctx.database.db, { to, template: 'test', props: { appUrl: t.ctx.config.appUrl }, headers });
  return { id, to };
}

async function outboxRow(id: string) {
  const [row] = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

function receivedBy(to: string): ParsedMail[] {
  return sink.messages.filter((message) => !Array.isArray(message.to) && message.to?.text === to);
}

function rawHeader(message: ParsedMail, name: string): string | undefined {
  return message.headerLines.find((header) => header.key === name)?.line;
}

describe('delivery over SMTP', () => {
  it('hands the message to the SMTP server with both parts, our From and our Message-ID', async () => {
    const { id, to } = await queueTestMail({
      'List-Unsubscribe': '<https://stash.example/u/abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    await deliverQueuedMail(t.ctx, id);

    const [message] = receivedBy(to);
    expect(message.subject).toBe('Test email from Stash');
    expect(message.html).toContain('This is a test email from Stash.');
    expect(message.text).toContain('This is a test email from Stash.');
    expect(message.from?.value).toEqual([{ name: 'Stash', address: 'digest@stash.example' }]);
    expect(message.messageId).toBe(`<${id}@stash.example>`);
    expect(rawHeader(message, 'list-unsubscribe')).toBe('List-Unsubscribe: <https://stash.example/u/abc>');
    expect(rawHeader(message, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, messageId: `<${id}@stash.example>` });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('signs with DKIM when a key is configured', async () => {
    const { id, to } = await queueTestMail();
    await deliverQueuedMail(t.ctx, id);

    const signature = rawHeader(receivedBy(to)[0], 'dkim-signature');
    expect(signature).toMatch(/\bd=stash\.example;/);
    expect(signature).toMatch(/\bs=mail2024;/);
    expect(signature).toMatch(/\bb=[A-Za-z0-9+/]/);
  });

  it('sends a message once, however many attempts ask', async () => {
    const { id, to } = await queueTestMail();
    await Promise.all([deliverQueuedMail(t.ctx, id), deliverQueuedMail(t.ctx, id)]);
    await deliverQueuedMail(t.ctx, id);

    expect(receivedBy(to)).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('puts a message back in the queue on a 4xx reply and fails the job so pg-boss retries', async () => {
    const { id, to } = await queueTestMail();
    sink.failNext(451);

    await expect(deliverMailJob.handler({ outboxId: id }, t.ctx, { retryCount: 0 })).rejects.toThrow(/451/);
    const afterFailure = await outboxRow(id);
    expect(afterFailure).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(afterFailure.lastError).toMatch(/451 try again later/);
    expect(receivedBy(to)).toHaveLength(0);

    await deliverMailJob.handler({ outboxId: id }, t.ctx, { retryCount: 1 });
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(receivedBy(to)).toHaveLength(1);
  });

  it('marks a message failed on a 5xx reply, with the reply, and does not retry', async () => {
    const { id, to } = await queueTestMail();
    sink.failNext(550);

    await deliverMailJob.handler({ outboxId: id }, t.ctx, { retryCount: 0 });

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/550 mailbox unavailable/);
    expect(receivedBy(to)).toHaveLength(0);
  });

  it('marks a message failed when its last attempt fails temporarily', async () => {
    const { id } = await queueTestMail();
    await t.ctx.database.db
      .update(mailOutbox)
      .set({ attempts: MAX_DELIVERY_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    sink.failNext(421);

    await deliverMailJob.handler({ outboxId: id }, t.ctx, { retryCount: MAX_DELIVERY_ATTEMPTS - 1 });

    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(row.lastError).toMatch(/421/);
  });
});

describe('a message its sender encoded already (digests): sent while it is claimed', () => {
  async function encoded(id: string, to: string): Promise<MailBodies> {
    const raw = await encodeMail({
      messageId: `<${id}@stash.example>`,
      from: t.ctx.config.mailFrom,
      to,
      subject: 'Encoded beforehand',
      headers: {},
      html: '<p>Encoded beforehand</p>',
      text: 'Encoded beforehand',
    });
    return new Map([[id, { raw, to }]]);
  }

  it('reaches SMTP once, DKIM-signed, however many attempts ask; an attempt that loses the claim sends nothing and the next message still goes', async () => {
    const { id, to } = await queueTestMail();
    const body = await encoded(id, to);
    const answers = await Promise.all([
      deliverQueuedMails(t.ctx, [id], body),
      deliverQueuedMails(t.ctx, [id], body),
      deliverQueuedMails(t.ctx, [id], body),
    ]);
    await deliverQueuedMails(t.ctx, [id], body);

    expect(answers.map((answer) => answer.get(id)?.status).filter(Boolean)).toEqual(['sent']);
    expect(receivedBy(to)).toHaveLength(1);
    expect(receivedBy(to)[0].subject).toBe('Encoded beforehand');
    expect(rawHeader(receivedBy(to)[0], 'dkim-signature')).toMatch(/\bd=stash\.example;/);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1 });

    const next = await queueTestMail();
    await deliverQueuedMails(t.ctx, [next.id], await encoded(next.id, next.to));
    expect(receivedBy(next.to)).toHaveLength(1);
  });

  it('is queued again after a 4xx reply', async () => {
    const { id, to } = await queueTestMail();
    sink.failNext(451);

    const answer = await deliverQueuedMails(t.ctx, [id], await encoded(id, to));
    expect(answer.get(id)).toMatchObject({ status: 'queued' });
    expect(await outboxRow(id)).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(receivedBy(to)).toHaveLength(0);
  });
});

describe('the dev mailbox with SMTP configured', () => {
  it('does not exist', async () => {
    for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox/00000000-0000-4000-8000-000000000000']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
