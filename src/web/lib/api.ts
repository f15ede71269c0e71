import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../shared/api-types';

/** The error body every API route answers with (docs/product/errors-and-limits.md, API errors). */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  fields?: Record<string, string>;
}

/**
 * A failed call. `message` follows docs/product/errors-and-limits.md, Client errors, exactly; `body` keeps the server's own
 * message and code for features that show them (e.g. "Failed to save link" / server message).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: ApiErrorBody | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Every failed call becomes an ApiError before openapi-fetch reads it, so a call answers its data or throws. */
const failuresThrow: Middleware = {
  async onResponse({ response }) {
    if (response.type === 'opaqueredirect') throw new ApiError('Authentication required', 302, undefined);
    const text = await response.clone().text();
    if (!response.ok) {
      const body = parseErrorBody(text);
      if (response.status === 401) throw new ApiError('Unauthorized', 401, body);
      throw new ApiError(`${response.status}: ${text || response.statusText}`, response.status, body);
    }
    if (text !== '' && !isJson(text)) throw new ApiError('Invalid response format', response.status, undefined);
    return undefined;
  },
};

/**
 * The typed API client (openapi-fetch over src/shared/api-types.ts, which `npm run api:types` writes
 * from the server's OpenAPI document): a path, its parameters and body are checked against the
 * server's routes. Sends the session cookie; a failure throws ApiError. Read answers with `answer()`.
 */
export const api = createClient<paths>({
  // Absolute, so a Request can be made outside a page too (the service worker, unit tests).
  baseUrl: globalThis.location?.origin,
  credentials: 'include',
  // The API never redirects a fetch; a redirect means a sign-in wall, reported as such above.
  redirect: 'manual',
  headers: { Accept: 'application/json' },
  // Looked up on each call, not once, so a test can stand in for fetch.
  fetch: (request) => globalThis.fetch(request),
});
api.use(failuresThrow);

/** The data of a typed call (undefined for an empty answer); its failures were thrown as ApiError already. */
export async function answer<Data>(call: Promise<{ data?: Data; response: Response }>): Promise<Data> {
  return (await call).data as Data;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function parseErrorBody(text: string): ApiErrorBody | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as ApiErrorBody) : undefined;
  } catch {
    return undefined;
  }
}
