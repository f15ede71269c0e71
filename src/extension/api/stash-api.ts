import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../../shared/api-types';
import type { Failure } from './failure';

/** A call that failed, with the Failure the popup explains. */
export class CallFailed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.type === 'unreachable' ? 'The Stash server did not answer' : `The Stash server answered ${failure.status}`);
  }
}

/** Long enough for a slow phone connection, short enough that the popup does not look frozen. */
const TIMEOUT_MS = 15_000;

/** An answer with an error status becomes CallFailed before openapi-fetch reads it, so a call answers its data or throws. */
const failuresThrow: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    const error = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    throw new CallFailed({ type: 'http', status: response.status, code: error.code, message: error.message });
  },
};

/** The typed API client (openapi-fetch over src/shared/api-types.ts): paths, parameters and bodies checked against the server's routes. */
export type StashClient = Client<paths>;

/**
 * A client of the Stash API for the service worker, with the API token when given (without one:
 * the pairing exchange, whose code is its own credential). No cookies are sent (credentials:
 * 'omit'): the extension depends on no cookie, first- or third-party. A failure throws CallFailed.
 */
export function stashClient(serverUrl: string, token?: string): StashClient {
  const client = createClient<paths>({
    baseUrl: serverUrl,
    credentials: 'omit',
    headers: { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    fetch: async (request) => {
      try {
        return await fetch(request, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      } catch {
        throw new CallFailed({ type: 'unreachable' });
      }
    },
  });
  client.use(failuresThrow);
  return client;
}

/** The data of a typed call (undefined for an empty answer, such as a delete's 204); its failures were thrown as CallFailed already. */
export async function answer<Data>(call: Promise<{ data?: Data; response: Response }>): Promise<Data> {
  return (await call).data as Data;
}
