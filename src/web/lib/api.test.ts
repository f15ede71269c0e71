import { afterEach, describe, expect, it, vi } from 'vitest';

// The client resolves paths against the page's origin.
vi.stubGlobal('location', new URL('http://stash.test/'));
const { ApiError, answer: dataOf, api } = await import('./api');

function answer(status: number, body: string, contentType = 'application/json'): Response {
  return new Response(status === 204 ? null : body, { status, headers: { 'content-type': contentType } });
}

function stubFetch(response: Response | (() => Response)) {
  const fetchMock = vi.fn(async (_request: Request) => (typeof response === 'function' ? response() : response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** What the page sent: the one request fetch was given. */
async function sent(fetchMock: ReturnType<typeof stubFetch>) {
  const request = fetchMock.mock.calls[0][0];
  return {
    url: request.url,
    method: request.method,
    credentials: request.credentials,
    headers: request.headers,
    body: await request.text(),
  };
}

afterEach(() => vi.unstubAllGlobals());
// unstubAllGlobals takes the origin away too.
afterEach(() => void vi.stubGlobal('location', new URL('http://stash.test/')));

describe('the typed client', () => {
  it('sends cookies and a JSON body, and answers the parsed JSON', async () => {
    const fetchMock = stubFetch(answer(201, '{"id":"1"}'));
    await expect(dataOf(api.POST('/api/links', { body: { url: 'https://example.com' } as never }))).resolves.toEqual({ id: '1' });
    const request = await sent(fetchMock);
    expect(request).toMatchObject({
      url: 'http://stash.test/api/links',
      method: 'POST',
      credentials: 'include',
      body: '{"url":"https://example.com"}',
    });
    expect(request.headers.get('content-type')).toBe('application/json');
  });

  it('answers undefined for an empty body', async () => {
    stubFetch(answer(204, ''));
    await expect(dataOf(api.DELETE('/api/links/{id}', { params: { path: { id: '1' } } }))).resolves.toBeUndefined();
  });

  it('fails with "<status>: <response text>" and keeps the server error body', async () => {
    stubFetch(answer(400, '{"message":"URL is required","code":"BAD_INPUT"}'));
    const error = await dataOf(api.POST('/api/links', { body: {} as never })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: '400: {"message":"URL is required","code":"BAD_INPUT"}',
      status: 400,
      body: { message: 'URL is required', code: 'BAD_INPUT' },
    });
  });

  it('falls back to the status text when the response is empty', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(dataOf(api.GET('/api/links/today'))).rejects.toThrow('503: Service Unavailable');
  });

  it('fails with "Unauthorized" on 401', async () => {
    stubFetch(answer(401, '{"message":"Unauthorized","code":"UNAUTHENTICATED"}'));
    await expect(dataOf(api.GET('/api/links/today'))).rejects.toThrow(/^Unauthorized$/);
  });

  it('fails with "Authentication required" when redirected', async () => {
    stubFetch({ type: 'opaqueredirect', ok: false, status: 0 } as Response);
    await expect(dataOf(api.GET('/api/links/today'))).rejects.toThrow(/^Authentication required$/);
  });

  it('fails with "Invalid response format" when a success is not JSON', async () => {
    stubFetch(answer(200, '<!doctype html>', 'text/html'));
    await expect(dataOf(api.GET('/api/links/today'))).rejects.toThrow(/^Invalid response format$/);
  });
});
