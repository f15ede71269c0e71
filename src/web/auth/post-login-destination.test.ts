import { describe, expect, it } from 'vitest';
import { isServerEndpoint, postLoginDestination } from './post-login-destination';

const destination = (search: string) => postLoginDestination(new URLSearchParams(search));

describe('postLoginDestination', () => {
  it('goes home by default', () => {
    expect(destination('')).toBe('/');
    expect(destination('mode=login&verified=true')).toBe('/');
  });

  it('returns an extension sign-in to the extension, before anything else', () => {
    expect(destination('source=extension&redirect=/settings&tier=pro')).toBe('/api/extension-auth-success');
  });

  it('goes back to the page that asked for a login', () => {
    expect(destination('redirect=%2Fsettings%3Ftab%3Dsecurity')).toBe('/settings?tab=security');
    expect(destination('redirect=/history&tier=pro')).toBe('/history');
  });

  it('ignores a redirect that would leave the site', () => {
    expect(destination('redirect=//evil.example')).toBe('/');
    expect(destination('redirect=https://evil.example&tier=pro')).toBe('/pricing?upgrade=true');
  });

  it('takes a Pro visitor to the upgrade offer, with the bonus when they came for it', () => {
    expect(destination('tier=pro')).toBe('/pricing?upgrade=true');
    expect(destination('tier=pro&bonus=true')).toBe('/pricing?upgrade=true&bonus=true');
    expect(destination('bonus=true')).toBe('/');
  });
});

describe('isServerEndpoint', () => {
  it('tells API endpoints from app pages', () => {
    expect(isServerEndpoint('/api/extension-auth-success')).toBe(true);
    expect(isServerEndpoint('/pricing?upgrade=true')).toBe(false);
  });
});
