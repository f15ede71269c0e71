import { browserEndpoints } from './routes';

/*
 * How the browser extension gets its API token (docs/extension.md, Connect).
 * Plain constants, no zod: the extension imports this, and its CSP forbids zod's eval probe.
 */
export const extensionPairingPaths = {
  /** The extension's Connect button opens this; /auth?source=extension ends here after sign-in (docs/product/accounts.md, The auth page). */
  start: browserEndpoints.extensionAuthSuccess,
  /** Where `start` sends the tab, with the one-time code in the URL fragment. */
  connected: '/api/extension-auth/connected',
  /** The extension trades the code for its API token here. */
  exchange: '/api/extension-auth/exchange',
} as const;

/** The fragment of the `connected` page's URL that carries the code: `#code=…`. */
export const PAIRING_CODE_FRAGMENT = 'code';

/** What the `connected` page says; the extension moves its tab to `?status=…` once it knows. */
export const connectedPageStatuses = ['connecting', 'connected', 'failed'] as const;
export type ConnectedPageStatus = (typeof connectedPageStatuses)[number];

export interface ExchangePairingCodeBody {
  code: string;
}

export interface ExchangedToken {
  /** The API token, sent as `Authorization: Bearer …`. */
  token: string;
  /** Its name in Settings → Security, e.g. "Chrome extension on Linux". */
  name: string;
}
