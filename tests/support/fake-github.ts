import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A local stand-in for GitHub's OAuth app flow and the two REST calls Stash makes, answering as
 * GitHub documents them: /login/oauth/authorize (a page with Authorize and Cancel), the token
 * exchange at /login/oauth/access_token (client secret as a parameter, PKCE S256 checked), and
 * GET /user and /user/emails under the API base (here /api/v3, as GitHub Enterprise has it).
 */

export interface FakeGitHubUser {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface FakeGitHub {
  baseUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** Who is signed in at "GitHub" when the visitor presses Authorize. */
  user: FakeGitHubUser;
  close(): Promise<void>;
}

interface Grant {
  redirectUri: string;
  challenge: string;
  user: FakeGitHubUser;
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, FakeGitHubUser>();
  const fake: FakeGitHub = {
    baseUrl: '',
    apiUrl: '',
    clientId: 'github-test-client',
    clientSecret: 'github-test-secret-0123456789',
    user: { id: 4242, login: 'octo', name: 'Octo Cat', emails: [{ email: 'octo@github.example', primary: true, verified: true }] },
    close: async () => {},
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { message: String(error) }));
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', fake.baseUrl);
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') return authorizePage(url, response);
    if (request.method === 'GET' && url.pathname === '/login/oauth/approve') return approve(url, response);
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') return exchange(await bodyOf(request), response);
    if (request.method === 'GET' && url.pathname.startsWith('/api/v3/'))
      return api(url.pathname.slice('/api/v3'.length), request, response);
    send(response, 404, { message: 'Not Found' });
  }

  function authorizePage(url: URL, response: ServerResponse): void {
    const q = url.searchParams;
    if (q.get('client_id') !== fake.clientId || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      return send(response, 400, { message: 'bad authorization request' });
    }
    const redirect = new URL(q.get('redirect_uri')!);
    const cancel = new URL(redirect);
    cancel.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
      state: q.get('state') ?? '',
    }).toString();
    const approveUrl = `/login/oauth/approve?${q}`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><title>Authorize application</title><h1>Authorize Stash</h1>
      <p>Signed in as ${fake.user.login}</p><a href="${escapeHtml(approveUrl)}">Authorize</a> <a href="${escapeHtml(cancel.href)}">Cancel</a>`);
  }

  function approve(url: URL, response: ServerResponse): void {
    const q = url.searchParams;
    const code = randomBytes(10).toString('hex');
    grants.set(code, { redirectUri: q.get('redirect_uri')!, challenge: q.get('code_challenge')!, user: structuredClone(fake.user) });
    const back = new URL(q.get('redirect_uri')!);
    back.search = new URLSearchParams({ code, state: q.get('state') ?? '' }).toString();
    response.writeHead(302, { location: back.href });
    response.end();
  }

  function exchange(body: URLSearchParams, response: ServerResponse): void {
    const grant = grants.get(body.get('code') ?? '');
    grants.delete(body.get('code') ?? '');
    const verifier = body.get('code_verifier') ?? '';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (body.get('client_id') !== fake.clientId || body.get('client_secret') !== fake.clientSecret)
      return send(response, 200, { error: 'incorrect_client_credentials' });
    if (!grant || grant.redirectUri !== body.get('redirect_uri') || grant.challenge !== challenge)
      return send(response, 200, { error: 'bad_verification_code' });
    const token = `gho_${randomBytes(16).toString('hex')}`;
    tokens.set(token, grant.user);
    send(response, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
  }

  function api(path: string, request: IncomingMessage, response: ServerResponse): void {
    const token = /^(?:Bearer|token) (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const user = token ? tokens.get(token) : undefined;
    if (!user) return send(response, 401, { message: 'Bad credentials' });
    if (path === '/user') return send(response, 200, { id: user.id, login: user.login, name: user.name });
    if (path === '/user/emails')
      return send(
        response,
        200,
        user.emails.map((entry) => ({ ...entry, visibility: null })),
      );
    send(response, 404, { message: 'Not Found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.apiUrl = `${fake.baseUrl}/api/v3`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

async function bodyOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}
