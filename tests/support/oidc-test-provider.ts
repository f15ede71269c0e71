import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID Connect provider (panva's oidc-provider, the certified implementation) on a local
 * port, for the generic provider and for Google through GOOGLE_ISSUER_URL. Its development login
 * page takes any login and password: the login becomes the subject, and the claims are those of
 * `people[login]` (an unknown login gets a verified address of its own).
 */

export interface TestPerson {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claims each login gets; tests add people before they sign in. */
  people: Map<string, TestPerson>;
  /** Registers Stash's callbacks, for a server whose address is known only after the provider's. */
  registerRedirectUris(redirectUris: string[]): void;
  close(): Promise<void>;
}

export async function startOidcTestProvider(options: { redirectUris?: string[]; clientId?: string } = {}): Promise<OidcTestProvider> {
  const people = new Map<string, TestPerson>();
  const clientId = options.clientId ?? 'stash-test-client';
  const clientSecret = 'stash-test-client-secret-0123456789';
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let handler: ReturnType<Provider['callback']> | undefined;
  const registerRedirectUris = (redirectUris: string[]) => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: redirectUris,
          response_types: ['code'],
          grant_types: ['authorization_code'],
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
      // The claims go into the ID token itself, as Google's do.
      conformIdTokenClaims: false,
      cookies: { keys: ['oidc-test-provider-cookie-key'] },
      findAccount: async (_ctx, sub) => ({
        accountId: sub,
        claims: async () => ({
          sub,
          ...(people.get(sub) ?? { email: `${sub}@idp.example`, email_verified: true, given_name: sub, family_name: 'Tester' }),
        }),
      }),
    });
    provider.on('server_error', (_ctx, error) => console.error('oidc-test-provider:', error));
    handler = provider.callback();
  };
  server.on('request', (request, response) => {
    if (handler) return handler(request, response);
    response.writeHead(503).end();
  });
  if (options.redirectUris) registerRedirectUris(options.redirectUris);

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    registerRedirectUris,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * What a person does on the provider's development pages, over plain HTTP: follow the
 * authorization URL, sign in as `login`, consent (or cancel), and get the URL the provider sends
 * the browser back to (Stash's callback with its code and state).
 */
export async function passProviderLogin(authorizationUrl: string, login: string, choice: 'consent' | 'cancel' = 'consent'): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  const issuerOrigin = url.origin;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== issuerOrigin) return url;
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      body,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair.split('=');
      jar.set(name.trim(), value.join('='));
    }
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const page = await response.text();
    const uid = /\/interaction\/([^/"?]+)/.exec(url.pathname)?.[1];
    if (!uid) throw new Error(`unexpected provider page at ${url.href}: ${response.status}`);
    if (choice === 'cancel') {
      url = new URL(`/interaction/${uid}/abort`, url);
    } else if (page.includes('name="login"')) {
      body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
    } else {
      body = new URLSearchParams({ prompt: 'consent' });
    }
  }
  throw new Error('too many redirects at the provider');
}
