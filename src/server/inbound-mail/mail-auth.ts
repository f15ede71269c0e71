import { setTimeout as sleep } from 'node:timers/promises';
import { authenticate } from 'mailauth';
import type { MailAuthResults } from '../db/schema';

/** How long the DNS lookups of SPF, DKIM and DMARC may take before the result is "temperror". */
const AUTH_TIMEOUT_MS = 10_000;

export interface Envelope {
  /** The connecting client, as SMTP saw it; absent from a webhook, then read from the newest Received header. */
  ip?: string;
  helo?: string;
  sender?: string;
}

/**
 * SPF, DKIM and DMARC of a received mail, recorded and shown beside it; saving never depends on
 * them (forwarding breaks SPF; docs/security.md, Save by e-mail, says why that is safe).
 */
export async function checkMailAuth(raw: Buffer, envelope: Envelope, mta: string): Promise<MailAuthResults> {
  const timeout = sleep(AUTH_TIMEOUT_MS, undefined, { ref: false });
  try {
    const result = await Promise.race([
      authenticate(raw, { ...envelope, trustReceived: !envelope.ip, mta, disableArc: true, disableBimi: true }),
      timeout,
    ]);
    if (!result) return { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror' };
    const dkimResults = (result.dkim?.results ?? []).map((entry: { status?: { result?: string } }) => entry.status?.result ?? 'none');
    return {
      spf: (result.spf || undefined)?.status?.result || 'none',
      dkim: dkimResults.includes('pass') ? 'pass' : (dkimResults[0] ?? 'none'),
      dmarc: (result.dmarc || undefined)?.status?.result || 'none',
    };
  } catch {
    return { spf: 'temperror', dkim: 'temperror', dmarc: 'temperror' };
  }
}
