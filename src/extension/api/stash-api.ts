import type { Failure } from './failure';

/** A call that failed, with the Failure the popup explains. */
export class CallFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.type === 'unreachable' ? 'The Stash server did not answer' : `The Stash server answered ${failure.status}`);
  }
}

/** Long enough for a slow phone connection, short enough that the popup does not look frozen. */
const TIMEOUT_MS = 15_000;

/**
 * Calls the Stash API from the service worker with the API token. No cookies are sent
 * (credentials: 'omit'): the extension depends on no cookie, first- or third-party.
 */
export async function callStash<T>(
  serverUrl: string,
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  return send<T>(serverUrl, method, path, body, { Authorization: `Bearer ${token}` });
}

/** The same without a token: the pairing exchange, whose code is its own credential. */
export async function callStashAnonymously<T>(serverUrl: string, method: 'POST', path: string, body: unknown): Promise<T> {
  return send<T>(serverUrl, method, path, body, {});
}

async function send<T>(serverUrl: string, method: string, path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(serverUrl + path, {
      method,
      credentials: 'omit',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new CallFailed({ type: 'unreachable' });
  }
  if (!response.ok) {
    const error = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new CallFailed({ type: 'http', status: response.status, code: error.code, message: error.message });
  }
  // 204 No Content (a delete) has no body to read.
  return (response.status === 204 ? undefined : await response.json()) as T;
}
