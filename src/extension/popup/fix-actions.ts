import { paths } from '../../shared/routes';
import type { FixAction } from '../api/problems';
import { askWorker } from '../messages';

/** Does what a problem's button says. `retry` starts the popup over. */
export async function runFix(action: FixAction, serverUrl: string | null, retry: () => void): Promise<void> {
  switch (action) {
    case 'retry':
      retry();
      return;
    case 'connect':
      await connect();
      return;
    case 'upgrade':
      if (serverUrl === null) return;
      await chrome.tabs.create({ url: serverUrl + paths.upgrade });
      window.close();
      return;
    case 'options':
      await chrome.runtime.openOptionsPage();
      window.close();
  }
}

/** The sign-in opens in a tab, which takes the focus and so closes the popup anyway. */
export async function connect(): Promise<void> {
  await askWorker({ type: 'connect' });
  window.close();
}
