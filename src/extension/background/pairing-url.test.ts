import { describe, expect, it } from 'vitest';
import { connectedPageUrl, pairingCodeFrom, pairingStartUrl } from './pairing-url';

const server = 'https://stash.example';

describe('pairingCodeFrom', () => {
  it("reads the code from the fragment of the server's connected page", () => {
    expect(pairingCodeFrom('https://stash.example/api/extension-auth/connected#code=abc.def', server)).toBe('abc.def');
  });

  it.each([
    ['another site', 'https://evil.example/api/extension-auth/connected#code=abc.def'],
    ['another port', 'https://stash.example:8443/api/extension-auth/connected#code=abc.def'],
    ['plain http', 'http://stash.example/api/extension-auth/connected#code=abc.def'],
    ['another page', 'https://stash.example/dashboard#code=abc.def'],
    ['no code', 'https://stash.example/api/extension-auth/connected'],
    ['an empty code', 'https://stash.example/api/extension-auth/connected#code='],
    ['the code in the query', 'https://stash.example/api/extension-auth/connected?code=abc.def'],
    ['no address at all', 'not a url'],
  ])('ignores %s', (_, url) => {
    expect(pairingCodeFrom(url, server)).toBeNull();
  });
});

describe('the pairing addresses', () => {
  it('start at the sign-in hand-off and end on the status page', () => {
    expect(pairingStartUrl('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000/api/extension-auth-success');
    expect(connectedPageUrl(server, 'connected')).toBe('https://stash.example/api/extension-auth/connected?status=connected');
  });
});
