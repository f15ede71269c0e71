import { useEffect, useState, type FormEvent } from 'react';
import { parseServerUrl, serverLabel } from '../settings/server-url';
import { builtInServerUrl, forgetToken, readSettings, type ExtensionSettings } from '../settings/storage';
import { switchServer } from './change-server';

/** The options page: which Stash server to use (the hosted one, or your own), and disconnecting. */
export function OptionsApp() {
  const [settings, setSettings] = useState<ExtensionSettings | null>(null);
  const [address, setAddress] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'problem'; text: string } | null>(null);

  useEffect(() => {
    void readSettings().then((current) => {
      setSettings(current);
      setAddress(current.serverUrl);
    });
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = parseServerUrl(address);
    if (!parsed.ok) return setMessage({ tone: 'problem', text: parsed.message });
    const change = await switchServer(parsed.origin);
    if (!change.ok) return setMessage({ tone: 'problem', text: change.message });
    setSettings(await readSettings());
    setAddress(parsed.origin);
    setMessage({ tone: 'success', text: `Saved. Open the Stash button and press Connect to sign in to ${serverLabel(parsed.origin)}.` });
  }

  async function disconnect() {
    await forgetToken();
    setSettings(await readSettings());
    setMessage({ tone: 'success', text: 'This browser is disconnected. Revoke its token in Stash under Settings → Security to end its access on the server too.' });
  }

  if (!settings) return <p role="status">Loading…</p>;

  return (
    <main className="options stack">
      <h1>Stash extension options</h1>
      <form className="stack" onSubmit={(event) => void save(event)}>
        <label className="field">
          <span>Stash server</span>
          <input type="text" inputMode="url" value={address} onChange={(event) => setAddress(event.target.value)} spellCheck={false} />
        </label>
        <p className="hint">The hosted Stash is {builtInServerUrl()}. If you run your own Stash, enter its address.</p>
        <div className="row">
          <button type="submit" className="button">
            Save
          </button>
          <button type="button" className="button button-secondary" onClick={() => setAddress(builtInServerUrl())}>
            Use the hosted Stash
          </button>
        </div>
      </form>
      {message && (
        <p className={`notice ${message.tone === 'problem' ? 'notice-problem' : 'notice-success'}`} role={message.tone === 'problem' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <section className="stack">
        <h2>This browser</h2>
        {settings.token ? (
          <>
            <p>Connected to {serverLabel(settings.serverUrl)}.</p>
            <div>
              <button type="button" className="button button-secondary" onClick={() => void disconnect()}>
                Disconnect
              </button>
            </div>
          </>
        ) : (
          <p>Not connected. Open the Stash button in the toolbar and press Connect.</p>
        )}
      </section>
    </main>
  );
}
