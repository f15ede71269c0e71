import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../tests/support/factories';
import { signedInUser, type SignedInUser } from '../../../tests/support/links';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';
import { digestMessages } from '../../shared/digest-schemas';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'admin@stash.example' } });
});

afterAll(async () => {
  await t?.close();
});

const send = (as: SignedInUser | null, email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/test/email',
    headers: as ? as.headers : { origin: 'http://localhost:3000' },
    payload: { email },
  });

describe('POST /api/test/email', () => {
  it("sends a test e-mail to the signed-in user's own address", async () => {
    const as = await signedInUser(t, 'free');
    const res = await send(as, as.user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: digestMessages.testSent(as.user.email) });
    expect(await mailsTo(t.ctx, as.user.email)).toMatchObject([{ template: 'test', subject: 'Test email from Stash' }]);
  });

  it('refuses any other address with 403, unless the user is an administrator', async () => {
    const as = await signedInUser(t, 'pro');
    const res = await send(as, 'someone@elsewhere.example');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(digestMessages.testOwnAddressOnly);
    expect(await mailsTo(t.ctx, 'someone@elsewhere.example')).toEqual([]);

    const admin = await signedInUser(t, 'pro', { email: 'admin@stash.example' });
    expect((await send(admin, 'anyone@elsewhere.example')).statusCode).toBe(200);
    expect(await mailsTo(t.ctx, 'anyone@elsewhere.example')).toHaveLength(1);
  });

  it('needs someone signed in and a valid address', async () => {
    expect((await send(null, 'a@b.example')).statusCode).toBe(401);
    const as = await signedInUser(t, 'trial');
    expect((await send(as, 'not an address')).statusCode).toBe(400);
  });

  it('is rate limited: 5 an hour per account', async () => {
    const as = await signedInUser(t, 'trial');
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await send(as, as.user.email)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await mailsTo(t.ctx, as.user.email)).toHaveLength(5);
  });
});
