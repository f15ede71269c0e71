import type { QueryFunction } from '@tanstack/react-query';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Sends a call with the session cookie and a JSON body; answers the parsed JSON (undefined when empty). */
export async function apiRequest<T>(method: Method, url: string, body?: unknown): Promise<T> {
  const response = await send(method, url, body);
  await throwIfNotOk(response);
  return readJson<T>(response);
}

/**
 * The data loader for useQuery: GETs the query key's first element. With `returnNull`, a 401
 * means "nothing here" rather than a failure (the current-user call when signed out).
 */
export function getQueryFn<T>({ on401 }: { on401: 'returnNull' | 'throw' }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await send('GET', String(queryKey[0]), undefined, signal);
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return readJson<T>(response);
  };
}

function send(method: Method, url: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  const hasBody = body !== undefined;
  return fetch(url, {
    method,
    credentials: 'include',
    // The API never redirects a fetch; a redirect means a sign-in wall, reported as such below.
    redirect: 'manual',
    headers: { Accept: 'application/json', ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.type === 'opaqueredirect') {
    throw new ApiError('Authentication required', 302, undefined);
  }
  if (response.ok) return;
  const text = await response.text();
  const body = parseErrorBody(text);
  if (response.status === 401) throw new ApiError('Unauthorized', 401, body);
  throw new ApiError(`${response.status}: ${text || response.statusText}`, response.status, body);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError('Invalid response format', response.status, undefined);
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
