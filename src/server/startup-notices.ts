import type { Config } from './config';
import type { MailTransport } from './mail/transport';

export interface StartupNotice {
  level: 'info' | 'warn';
  message: string;
}

/**
 * What an operator must know about this configuration, each in one log line at start-up: where
 * mail goes when it is not sent, that the test checkout gives Pro away in production, and each
 * setting given by an old name.
 */
export function startupNotices(
  config: Pick<Config, 'billing'> & Partial<Pick<Config, 'oldSettingNames'>>,
  mailKind: MailTransport['kind'],
  nodeEnv = process.env.NODE_ENV,
): StartupNotice[] {
  const notices: StartupNotice[] = [];
  if (mailKind === 'capture') {
    notices.push({
      level: 'info',
      message:
        "Mail is kept, not sent (no SMTP_URL): each verified account reads its own at /dev/mailbox, administrators also everyone's digests and notices; verification, password-reset and undo links are printed in this log, and a new account's verification link only here",
    });
  }
  if (nodeEnv === 'production' && config.billing === 'local') {
    notices.push({
      level: 'warn',
      message:
        'BILLING is local (the test checkout): anyone can upgrade to Pro for free; set BILLING=stripe to take payments or BILLING=off to give every account Pro',
    });
  }
  for (const [oldName, newName] of config.oldSettingNames ?? []) {
    notices.push({ level: 'info', message: `${oldName} is now called ${newName}: the old name still works; rename it when you can` });
  }
  return notices;
}
