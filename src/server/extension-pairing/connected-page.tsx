import type { ConnectedPageStatus } from '../../shared/extension-pairing';
import { paths } from '../../shared/routes';
import { brandedPage } from '../http/branded-page';

const texts: Record<ConnectedPageStatus, { heading: string; lines: string[] }> = {
  connecting: {
    heading: 'Connecting your browser extension…',
    lines: [
      'The Stash extension is picking up its access to your account. This page changes once it is done.',
      'If it stays like this, make sure the Stash extension is installed in this browser and set to this server in its options, then press Connect in the extension again.',
    ],
  },
  connected: {
    heading: 'Your browser extension is connected',
    lines: [
      'Save any page with the Stash button in your toolbar, its keyboard shortcut, or "Save link to Stash" when you right-click.',
      'This browser is listed in Settings → Security, where you can disconnect it at any time.',
    ],
  },
  failed: {
    heading: 'The extension could not connect',
    lines: ['Open the Stash extension and press Connect again. The extension shows what went wrong.'],
  },
};

/**
 * The page the extension's sign-in tab ends on. It runs no script: the extension reads the code
 * from this page's URL and moves the tab to ?status=connected (or failed) when it is done.
 */
export function connectedPage(status: ConnectedPageStatus): string {
  const { heading, lines } = texts[status];
  return brandedPage(
    heading,
    <>
      <h1>{heading}</h1>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>
        <a href={paths.dashboard}>Go to your Stashboard</a>
      </p>
    </>,
  );
}
