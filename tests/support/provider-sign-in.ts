import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { OWN_ORIGIN } from './factories';
import { passProviderLogin } from './oidc-test-provider';
import type { TestApp } from './test-app';

/*
 * A browser's trip through a provider sign-in, over HTTP: the button (a GET to start, or for
 * "Connect" a POST), the provider's own pages, and the callback with the cookies the start set.
 */

export const FLOW_COOKIE = 'stash.signin-flow';
export const PENDING_COOKIE = 'stash.signin-pending';

export function cookiesOf(response: { cookies: { name: string; value: string }[] }, ...names: string[]): string {
  return response.cookies
    .filter((cookie) => names.includes(cookie.name) && cookie.value)
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

export interface RoundTripOptions {
  query?: string;
  /** The browser's cookies (its session) on every request to Stash. */
  cookie?: string;
  choice?: 'consent' | 'cancel';
  /** Start with Settings → Security's "Connect" (a POST) instead of a sign-in button. */
  connect?: boolean;
  /** The client address Stash sees. */
  remoteAddress?: string;
}

export async function passGitHub(authorizationUrl: string, choice: 'consent' | 'cancel' = 'consent'): Promise<URL> {
  const page = await (await fetch(authorizationUrl)).text();
  const links = [...page.matchAll(/href="([^"]+)"/g)].map((match) => match[1].replaceAll('&amp;', '&'));
  const chosen =
    choice === 'cancel' ? links.find((link) => link.includes('error=access_denied'))! : links.find((link) => link.includes('/approve'))!;
  if (choice === 'cancel') return new URL(chosen);
  const approved = await fetch(new URL(chosen, authorizationUrl), { redirect: 'manual' });
  return new URL(approved.headers.get('location')!);
}

/** Button → provider login → back to the callback, as a browser would; the callback's response. */
export async function providerRoundTrip(t: TestApp, provider: 'oidc' | 'github', login: string, options: RoundTripOptions = {}) {
  const headers = options.cookie ? { cookie: options.cookie } : {};
  const remoteAddress = options.remoteAddress ?? '127.0.0.1';
  const started: LightMyRequestResponse = options.connect
    ? await t.app.inject({ method: 'POST', url: `/api/auth/${provider}/connect`, headers: { ...OWN_ORIGIN, ...headers }, remoteAddress })
    : await t.app.inject({ method: 'GET', url: `/api/auth/${provider}/start${options.query ?? ''}`, headers, remoteAddress });
  const authorizationUrl = options.connect ? (started.json() as { url: string }).url : (started.headers.location as string);
  expect(started.statusCode).toBe(options.connect ? 200 : 302);
  const back =
    provider === 'github'
      ? await passGitHub(authorizationUrl, options.choice)
      : await passProviderLogin(authorizationUrl, login, options.choice);
  const cookie = [cookiesOf(started, FLOW_COOKIE), options.cookie].filter(Boolean).join('; ');
  const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie }, remoteAddress });
  return { started, callback, callbackUrl: back, flowCookie: cookiesOf(started, FLOW_COOKIE) };
}
