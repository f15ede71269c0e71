import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../tests/support/smtp-sink';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';
import { sendMail } from './outbox';

let sink: SmtpSink;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ workers: true, env: { SMTP_URL: sink.url } });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('mail.deliver through the pg-boss workers', () => {
  it('delivers a message sent with sendMail', async () => {
    const id = await sendMail(t.ctx, { to: 'worker@example.com', template: 'test', props: { appUrl: t.ctx.config.appUrl } });

    const [message] = await sink.waitForMessages(1, 15_000);
    expect(message.subject).toBe('Test email from Stash');
    expect(message.messageId).toBe(`<${id}@localhost>`);

    await vi.waitFor(
      async () => {
        const [row] = await t.ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
        expect(row).toMatchObject({ status: 'sent', attempts: 1 });
      },
      { timeout: 30_000, interval: 100 },
    );
  });
});
