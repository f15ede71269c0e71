import { describe, expect, it } from 'vitest';
import { hostPermissionFor, parseServerUrl, serverLabel } from './server-url';

describe('parseServerUrl', () => {
  it.each([
    ['stash.example.com', 'https://stash.example.com'],
    ['  https://Stash.Example.com/dashboard?x=1 ', 'https://stash.example.com'],
    ['http://192.168.1.20:3000/', 'http://192.168.1.20:3000'],
    ['https://links.example.org:443', 'https://links.example.org'],
  ])('takes %s as %s', (input, origin) => {
    expect(parseServerUrl(input)).toEqual({ ok: true, origin });
  });

  it.each(['', '   ', 'ftp://files.example.com', 'https://', 'https://ada:secret@stash.example.com', 'javascript://alert(1)'])(
    'refuses %j',
    (input) => {
      expect(parseServerUrl(input).ok).toBe(false);
    },
  );
});

describe('hostPermissionFor', () => {
  it('asks for the host, every port and path', () => {
    expect(hostPermissionFor('https://stash.example')).toBe('https://stash.example/*');
    expect(hostPermissionFor('http://127.0.0.1:41234')).toBe('http://127.0.0.1/*');
  });
});

describe('serverLabel', () => {
  it('names the server by host and port', () => {
    expect(serverLabel('http://127.0.0.1:41234')).toBe('127.0.0.1:41234');
    expect(serverLabel('https://stash.example')).toBe('stash.example');
  });
});
