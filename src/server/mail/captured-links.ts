import type { AppContext } from '../context';

/**
 * Without SMTP nothing leaves the server, so a newcomer on a fresh install finds their verification
 * and reset links in the server log, as self-hosted peers do; the dev mailbox never shows an account
 * its verification link (mailbox.ts). Logged as a warning, so that a quieter LOG_LEVEL keeps it.
 * With SMTP they are never logged.
 */
export function logLinkWhenCaptured(ctx: Pick<AppContext, 'mail' | 'log'>, purpose: string, to: string, url: string): void {
  if (ctx.mail.kind === 'capture') ctx.log.warn({ to, url }, `${purpose} link (mail is kept, not sent)`);
}
