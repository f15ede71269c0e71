import { serverLabel } from '../settings/server-url';
import { connect } from './fix-actions';

/** Before the first Connect (or after a disconnect): one button that signs this browser in. */
export function ConnectView({ serverUrl }: { serverUrl: string }) {
  return (
    <div className="stack">
      <p>Connect this browser to your Stash at {serverLabel(serverUrl)} to save pages in one click.</p>
      <button type="button" className="button" onClick={() => void connect()} autoFocus>
        Connect to Stash
      </button>
      <p className="hint">You sign in once, in a new tab. This browser then appears in Settings → Security, where you can disconnect it.</p>
    </div>
  );
}
