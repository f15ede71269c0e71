import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, OWN_ORIGIN, signIn } from '../../../tests/support/factories';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { users } from '../db/schema';
import type { InboundMailAnswer } from '../../shared/inbound-mail-schemas';
import { MAILS_PER_HOUR } from './limits';

const DOMAIN = 'in.stash.test';
const WEBHOOK_TOKEN = 'inbound-webhook-token-for-tests-0123';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    env: { INBOUND_DOMAIN: DOMAIN, INBOUND_SMTP_PORT: '0', INBOUND_WEBHOOK_TOKEN: WEBHOOK_TOKEN, READ_PAGES: 'on' },
  });
});

afterAll(async () => {
  await t?.close();
});

/** A signed-in user with a fresh save-by-e-mail address, as Settings creates it. */
async function userWithAddress(verified = true) {
  const user = await createUser(t.ctx);
  const cookie = await signIn(t, user);
  const headers = { cookie, ...OWN_ORIGIN };
  const created = await t.app.inject({ method: 'POST', url: '/api/inbound-mail/address', headers });
  expect(created.statusCode).toBe(200);
  const address: string = created.json().address;
  if (!verified) await t.ctx.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
  return { user, headers, address };
}

async function received(headers: Record<string, string>): Promise<InboundMailAnswer> {
  const response = await t.app.inject({ method: 'GET', url: '/api/inbound-mail', headers });
  expect(response.statusCode).toBe(200);
  return response.json();
}

function message(to: string, subject: string, contentType: string, body: string, from = 'Ann Phone <ann@phone.example>'): string {
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: ${subject}`,
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}; charset=utf-8`,
    `Message-ID: <${Math.random().toString(36).slice(2)}@phone.example>`,
    '',
    body,
    '',
  ].join('\r\n');
}

/** A share from a phone: the page's title as the subject, its address as the body. */
const phoneShare = (to: string, url = 'https://example.org/articles/slow-web') =>
  message(to, 'The slow web movement', 'text/plain', `${url}\r\n\r\nSent from my iPhone`);

/** A forwarded newsletter: the mail is the content. */
const paragraphs = Array.from(
  { length: 12 },
  (_, i) => `<p>Paragraph ${i + 1} of this week's letter talks about gardens, rivers and the quiet craft of writing long essays.</p>`,
).join('');
const newsletter = (to: string) =>
  message(
    to,
    'Fwd: Weekly Garden Letter #42',
    'text/html',
    `<html><head><style>p{color:red}</style><script>alert(1)</script></head><body><h1>Garden Letter</h1>${paragraphs}<img src="https://images.example/hero.jpg" alt="Hero"><img src="http://tracker.example/open.gif"><a href="https://garden.example/read">Read online</a></body></html>`,
    'Garden Letter <letter@garden.example>',
  );

function smtpClient() {
  return nodemailer.createTransport({ host: '127.0.0.1', port: t.inboundSmtp!.port, secure: false, tls: { rejectUnauthorized: false } });
}

async function sendBySmtp(to: string, raw: string) {
  return smtpClient().sendMail({ envelope: { from: 'ann@phone.example', to }, raw });
}

function postToWebhook(payload: { recipient: string; raw: string } | string, headers: Record<string, string> = {}) {
  const json = typeof payload !== 'string';
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/inbound-mail',
    headers: { authorization: `Bearer ${WEBHOOK_TOKEN}`, 'content-type': json ? 'application/json' : 'message/rfc822', ...headers },
    body: json ? JSON.stringify({ recipient: payload.recipient, raw: Buffer.from(payload.raw).toString('base64') }) : payload,
  });
}

async function smtpRefusal(to: string, raw: string) {
  return sendBySmtp(to, raw).then(
    () => expect.unreachable('the listener took it'),
    (error: { responseCode?: number; response?: string }) => ({ code: error.responseCode, text: error.response ?? '' }),
  );
}

async function historyOf(headers: Record<string, string>) {
  return (await t.app.inject({ method: 'GET', url: '/api/links/history', headers })).json().links as Array<{
    id: string;
    url: string;
    title: string | null;
    includeInNewsletter: boolean;
  }>;
}

describe('save by e-mail over SMTP', () => {
  it('saves the link a phone shares, titled by the subject, and shows the mail in Settings', async () => {
    const { headers, address } = await userWithAddress();
    expect(address).toMatch(new RegExp(`^save\\+[0-9a-f]{24}@${DOMAIN.replace(/\./g, '\\.')}$`));
    await sendBySmtp(address, phoneShare(address));

    const [saved] = await historyOf(headers);
    expect(saved).toMatchObject({
      url: 'https://example.org/articles/slow-web',
      title: 'The slow web movement',
      includeInNewsletter: true,
    });
    const { mails } = await received(headers);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      via: 'smtp',
      from: 'ann@phone.example',
      subject: 'The slow web movement',
      outcome: 'saved',
      detail: 'Saved 1 link.',
      linkIds: [saved.id],
    });
    expect(mails[0].auth).toEqual({ spf: expect.any(String), dkim: 'none', dmarc: expect.any(String) });

    // The same link again is a duplicate, as in the web app.
    await sendBySmtp(address, phoneShare(address));
    expect(await historyOf(headers)).toHaveLength(1);
    expect((await received(headers)).mails[0].detail).toBe('Saved 0 links; 1 already in your stash.');
  });

  it('saves a forwarded newsletter as a page of its own, sanitised, its images through Stash', async () => {
    const { headers, address } = await userWithAddress();
    await sendBySmtp(address, newsletter(address));

    const { mails } = await received(headers);
    expect(mails[0]).toMatchObject({ outcome: 'saved', detail: 'Saved as a page of its own.', subject: 'Fwd: Weekly Garden Letter #42' });
    const [linkId] = mails[0].linkIds;
    const content = await t.app.inject({ method: 'GET', url: `/api/links/${linkId}/content`, headers });
    expect(content.statusCode).toBe(200);
    const copy = content.json();
    expect(copy).toMatchObject({
      title: 'Fwd: Weekly Garden Letter #42',
      siteName: 'Garden Letter',
      url: `http://localhost:3000/read/${linkId}`,
    });
    expect(copy.html).toContain('Paragraph 12');
    expect(copy.html).not.toMatch(/script|alert|style|tracker\.example/);
    expect(copy.html).toContain(`/api/links/${linkId}/image?src=${encodeURIComponent('https://images.example/hero.jpg')}`);

    // Its page is the mail: "Refresh" would read Stash's own reader page over it.
    const refresh = await t.app.inject({ method: 'POST', url: `/api/links/${linkId}/refresh`, headers });
    expect(refresh.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/links/${linkId}/content`, headers })).json().html).toContain('Paragraph 12');
  });

  it('refuses an unknown token, and an unverified account, with the same reply; any other domain as a relay', async () => {
    const unknown = `save+${'0'.repeat(24)}@${DOMAIN}`;
    const refusedUnknown = await smtpRefusal(unknown, phoneShare(unknown));
    expect(refusedUnknown.code).toBe(550);

    const { headers, address } = await userWithAddress(false);
    const refusedUnverified = await smtpRefusal(address, phoneShare(address));
    expect(refusedUnverified).toEqual(refusedUnknown);
    expect((await received(headers)).mails).toEqual([]);

    const relay = await smtpRefusal('someone@elsewhere.example', phoneShare('someone@elsewhere.example'));
    expect(relay.code).toBe(550);
    expect(relay.text).toMatch(/Relaying denied/);
  });

  it('refuses a mail over 10 MB', async () => {
    const { headers, address } = await userWithAddress();
    const big = message(address, 'Big', 'text/plain', `https://example.org/big\r\n${'x'.repeat(76)}\r\n`.repeat(140_000));
    const refused = await smtpRefusal(address, big);
    expect(refused.code).toBe(552);
    expect((await received(headers)).mails).toEqual([]);
  });

  it('stops working at the old address once a new one is made', async () => {
    const { headers, address } = await userWithAddress();
    const renewed = (await t.app.inject({ method: 'POST', url: '/api/inbound-mail/address', headers })).json().address;
    expect(renewed).not.toBe(address);
    expect((await smtpRefusal(address, phoneShare(address))).code).toBe(550);
    await sendBySmtp(renewed, phoneShare(renewed));
    expect((await received(headers)).address).toBe(renewed);
    expect(await historyOf(headers)).toHaveLength(1);
  });

  it('answers 4xx at RCPT after 100 mails in an hour', async () => {
    const { user, address } = await userWithAddress();
    for (let i = 0; i < MAILS_PER_HOUR.limit; i++) await t.ctx.rateLimiter.attempt(`inbound-mail:${user.id}`, [MAILS_PER_HOUR]);
    const refused = await smtpRefusal(address, phoneShare(address));
    expect(refused.code).toBe(452);
  });
});

describe('save by e-mail through the webhook', () => {
  it('saves at most 20 links of one mail, untitled when there are several', async () => {
    const { headers, address } = await userWithAddress();
    const body = Array.from({ length: 25 }, (_, i) => `https://example.org/reading-list/${i + 1}`).join('\r\n');
    const answer = await postToWebhook({ recipient: address, raw: message(address, 'My reading list', 'text/plain', body) });
    expect(answer.json()).toEqual({ outcome: 'saved', detail: 'Saved 20 links.' });
    const saved = await historyOf(headers);
    expect(saved).toHaveLength(20);
    expect(saved.every((link) => link.title === null)).toBe(true);
    expect(saved.map((link) => link.url)).not.toContain('https://example.org/reading-list/21');
  });

  it('answers a mangled mail with a refusal, never a 500, and stores its text cleaned', async () => {
    const { headers, address } = await userWithAddress();
    const mangled = `Subject: Bad\u0000 subject \ud800 here\r\nFrom: \u0001<>\r\n\r\n\u0000\u0000 binary \uffff https://exa mple.org/\u0000`;
    const answer = await postToWebhook({ recipient: address, raw: mangled });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().outcome).toBe('refused');
    const noHeaders = await postToWebhook({ recipient: address, raw: '\r\n\r\n' });
    expect(noHeaders.statusCode).toBe(200);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/inbound-mail',
      headers: { authorization: `Bearer ${WEBHOOK_TOKEN}`, 'content-type': 'application/json' },
      body: '{"recipient":',
    });
    expect(notJson.statusCode).toBe(400);
    const { mails } = await received(headers);
    expect(mails[1].subject).toBe('Bad subject \ufffd here');
  });

  it('takes the same messages as message/rfc822 and as JSON', async () => {
    const { headers, address } = await userWithAddress();
    const share = await postToWebhook(phoneShare(address));
    expect(share.statusCode).toBe(200);
    expect(share.json()).toEqual({ outcome: 'saved', detail: 'Saved 1 link.' });
    const letter = await postToWebhook({ recipient: address, raw: newsletter('list@garden.example') });
    expect(letter.json()).toEqual({ outcome: 'saved', detail: 'Saved as a page of its own.' });
    const none = await postToWebhook({ recipient: address, raw: message(address, 'Hi', 'text/plain', 'No link here, sorry.') });
    expect(none.json()).toEqual({ outcome: 'refused', detail: 'Refused: no link found in this mail.' });

    const { mails } = await received(headers);
    expect(mails.map((mail) => [mail.via, mail.outcome, mail.detail])).toEqual([
      ['webhook', 'refused', 'Refused: no link found in this mail.'],
      ['webhook', 'saved', 'Saved as a page of its own.'],
      ['webhook', 'saved', 'Saved 1 link.'],
    ]);
    expect(await historyOf(headers)).toHaveLength(2);
  });

  it('refuses an unknown token, an unverified account and another domain alike; too big; too many; without the token', async () => {
    const unknown = `save+${'0'.repeat(24)}@${DOMAIN}`;
    const refusedUnknown = await postToWebhook({ recipient: unknown, raw: phoneShare(unknown) });
    expect(refusedUnknown.statusCode).toBe(404);
    const { user, address } = await userWithAddress(false);
    const refusedUnverified = await postToWebhook({ recipient: address, raw: phoneShare(address) });
    expect([refusedUnverified.statusCode, refusedUnverified.json().message]).toEqual([404, refusedUnknown.json().message]);
    expect((await postToWebhook(phoneShare('someone@elsewhere.example'))).statusCode).toBe(404);

    const verified = await userWithAddress();
    const big = message(verified.address, 'Big', 'text/plain', `https://example.org/big\r\n${'x'.repeat(76)}\r\n`.repeat(140_000));
    expect((await postToWebhook(big)).statusCode).toBe(413);
    expect((await received(verified.headers)).mails).toEqual([]);

    for (let i = 0; i < MAILS_PER_HOUR.limit; i++) await t.ctx.rateLimiter.attempt(`inbound-mail:${verified.user.id}`, [MAILS_PER_HOUR]);
    const tooMany = await postToWebhook(phoneShare(verified.address));
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers['retry-after']).toBeDefined();

    expect((await postToWebhook(phoneShare(address), { authorization: 'Bearer wrong' })).statusCode).toBe(401);
    expect(user.id).toBeDefined();
  });
});

describe('save by e-mail off', () => {
  it('tells the app it is off, and makes no address', async () => {
    const off = await startTestApp();
    try {
      const cookie = await signIn(off, await createUser(off.ctx));
      const answer = await off.app.inject({ method: 'GET', url: '/api/inbound-mail', headers: { cookie } });
      expect(answer.json()).toEqual({ enabled: false, address: null, emailVerified: true, mails: [] });
      expect(
        (await off.app.inject({ method: 'POST', url: '/api/inbound-mail/address', headers: { cookie, ...OWN_ORIGIN } })).statusCode,
      ).toBe(404);
      expect(off.inboundSmtp).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('save by e-mail half configured', () => {
  it('has no webhook without INBOUND_WEBHOOK_TOKEN and no listener without INBOUND_SMTP_PORT', async () => {
    const half = await startTestApp({ env: { INBOUND_DOMAIN: DOMAIN } });
    try {
      expect(half.inboundSmtp).toBeUndefined();
      const posted = await half.app.inject({
        method: 'POST',
        url: '/api/webhooks/inbound-mail',
        headers: { authorization: `Bearer ${WEBHOOK_TOKEN}`, 'content-type': 'message/rfc822' },
        body: 'Subject: x\r\n\r\nhttps://example.org/',
      });
      expect(posted.statusCode).toBe(404);
      // The address can still be made, for a provider configured later.
      const user = await createUser(half.ctx);
      const answer = await half.app.inject({ method: 'GET', url: '/api/inbound-mail', headers: { cookie: await signIn(half, user) } });
      expect(answer.json()).toEqual({ enabled: true, address: null, emailVerified: true, mails: [] });
    } finally {
      await half.close();
    }
  });
});
