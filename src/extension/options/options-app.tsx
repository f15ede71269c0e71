import { useEffect, useState, type FormEvent } from 'react';
import { parseServerUrl, serverLabel } from '../settings/server-url';
import { builtInServerUrl, forgetToken, readSettings, type ExtensionSettings } from '../settings/storage';
import { switchServer } from './change-server';

type Message = { tone: 'waiting' | 'success' | 'problem'; text: string };

const noticeClass: Record<Message['tone'], string> = { waiting: '', success: 'notice-success', problem: 'notice-problem' };

/** The options page: which Stash server to use, and disconnecting this browser. */
export function OptionsApp() {
  const [settings, setSettings] = useState<ExtensionSettings | null>(null);
  const [address, setAddress] = useState('');
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const builtIn = builtInServerUrl();

  useEffect(() => {
    void readSettings().then((current) => {
      setSettings(current);
      setAddress(current.serverUrl ?? '');
    });
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = parseServerUrl(address);
    if (!parsed.ok) return setMessage({ tone: 'problem', text: parsed.message });
    setSaving(true);
    // Only a prompt takes time: say what the browser waits for.
    setMessage({ tone: 'waiting', text: `If your browser asks, allow the extension to reach ${serverLabel(parsed.origin)}.` });
    try {
      const change = await switchServer(parsed.origin);
      if (!change.ok) return setMessage({ tone: 'problem', text: change.message });
      setSettings(await readSettings());
      setAddress(parsed.origin);
      setMessage({ tone: 'success', text: `Saved. Open the Stash button and press Connect to sign in to ${serverLabel(parsed.origin)}.` });
    } finally {
      setSaving(false);
    }
  }

  async function disconnect() {
    await forgetToken();
    setSettings(await readSettings());
    setMessage({
      tone: 'success',
      text: 'This browser is disconnected. Revoke its token in Stash under Settings → Security to end its access on the server too.',
    });
  }

  if (!settings) return <p role="status">Loading…</p>;

  return (
    <main className="options stack">
      <h1>Stash extension options</h1>
      <form className="stack" onSubmit={(event) => void save(event)} noValidate>
        <label className="field" htmlFor="server-address">
          Stash server
        </label>
        <input
          id="server-address"
          type="text"
          inputMode="url"
          autoComplete="url"
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          spellCheck={false}
          aria-describedby="server-help"
          autoFocus={settings.serverUrl === null}
        />
        <p className="hint" id="server-help">
          The address you open Stash at in your browser, as your Stash administrator gave it to you. https:// is added when you leave it
          out; use http:// only for a server on your own network.
        </p>
        <div className="row">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
          {builtIn && address !== builtIn && (
            <button type="button" className="button button-secondary" onClick={() => setAddress(builtIn)}>
              Use {serverLabel(builtIn)}
            </button>
          )}
        </div>
      </form>
      {message && (
        <p className={`notice ${noticeClass[message.tone]}`} role={message.tone === 'problem' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <section className="stack">
        <h2>This browser</h2>
        {settings.serverUrl === null ? (
          <p>Enter your Stash server above, then open the Stash button in the toolbar and press Connect.</p>
        ) : settings.token ? (
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
