import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, getQueryFn } from './api';

function answer(status: number, body: string, contentType = 'application/json'): Response {
  return new Response(status === 204 ? null : body, { status, headers: { 'content-type': contentType } });
}

function stubFetch(response: Response | (() => Response)) {
  const fetchMock = vi.fn(async () => (typeof response === 'function' ? response() : response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const queryContext = (url: string) => ({ queryKey: [url], signal: new AbortController().signal }) as never;

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends cookies and a JSON body, and answers the parsed JSON', async () => {
    const fetchMock = stubFetch(answer(201, '{"id":"1"}'));
    await expect(apiRequest('POST', '/api/links', { url: 'https://example.com' })).resolves.toEqual({ id: '1' });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/links',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        body: '{"url":"https://example.com"}',
        headers: expect.objectContaining({ 'Content-Type': 'application/json' }),
      }),
    );
  });

  it('answers undefined for an empty body', async () => {
    stubFetch(answer(204, ''));
    await expect(apiRequest('DELETE', '/api/links/1')).resolves.toBeUndefined();
  });

  it('fails with "<status>: <response text>" and keeps the server error body', async () => {
    stubFetch(answer(400, '{"message":"URL is required","code":"BAD_INPUT"}'));
    const error = await apiRequest('POST', '/api/links', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: '400: {"message":"URL is required","code":"BAD_INPUT"}',
      status: 400,
      body: { message: 'URL is required', code: 'BAD_INPUT' },
    });
  });

  it('falls back to the status text when the response is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/links/today')).rejects.toThrow('503: Service Unavailable');
  });

  it('fails with "Unauthorized" on 401', async () => {
    stubFetch(answer(401, '{"message":"Unauthorized","code":"UNAUTHENTICATED"}'));
    await expect(apiRequest('GET', '/api/links/today')).rejects.toThrow(/^Unauthorized$/);
  });

  it('fails with "Authentication required" when redirected', async () => {
    stubFetch({ type: 'opaqueredirect', ok: false, status: 0 } as Response);
    await expect(apiRequest('GET', '/api/links/today')).rejects.toThrow(/^Authentication required$/);
  });

  it('fails with "Invalid response format" when a success is not JSON', async () => {
    stubFetch(answer(200, '<!doctype html>', 'text/html'));
    await expect(apiRequest('GET', '/api/links/today')).rejects.toThrow(/^Invalid response format$/);
  });
});

describe('getQueryFn', () => {
  it('GETs the first element of the query key', async () => {
    const fetchMock = stubFetch(answer(200, '[]'));
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/links/today'))).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledWith('/api/links/today', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('answers null on 401 with returnNull', async () => {
    stubFetch(answer(401, '{"message":"Unauthorized","code":"UNAUTHENTICATED"}'));
    await expect(getQueryFn({ on401: 'returnNull' })(queryContext('/api/auth/user'))).resolves.toBeNull();
  });

  it('fails on 401 with throw', async () => {
    stubFetch(answer(401, '{"message":"Unauthorized","code":"UNAUTHENTICATED"}'));
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/auth/user'))).rejects.toThrow('Unauthorized');
  });
});
