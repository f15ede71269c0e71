import type { Config } from '../config';
import type { SignInProviderId } from '../../shared/sign-in-providers';

/** Where the provider sends the browser back; registered at the provider (docs/configuration.md). */
export function providerCallbackUrl(config: Config, provider: SignInProviderId): string {
  return `${config.appUrl}/api/auth/${provider}/callback`;
}
