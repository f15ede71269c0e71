/** Domains where dots in the local part are ignored: one Gmail mailbox answers to every spelling. */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address reaches, as far as we can tell: case ignored, a +tag dropped, and Gmail's
 * dots and second domain folded, so "A.da+2@GoogleMail.com" and "ada@gmail.com" are one person.
 * Used to refuse referral rewards for one's own address variants (docs/product/invitations.md, Referral limits).
 */
export function mailboxIdentity(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 1) return lower;
  let local = lower.slice(0, at).split('+')[0];
  let domain = lower.slice(at + 1);
  if (DOTS_IGNORED.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

export function sameMailbox(a: string, b: string): boolean {
  return mailboxIdentity(a) === mailboxIdentity(b);
}
