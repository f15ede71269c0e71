import { encodeMail, type Encodable } from './encode';

/*
 * Gmail clips a message past about 102 KB, hiding what comes after the cut, the unsubscribe footer
 * included. The budget is for the whole message as it is sent: headers, both parts, after their
 * transfer encoding (base64 or quoted-printable, which can triple non-Latin text), with room left
 * for the DKIM signature. A sender renders with fewer items until the message fits (fitToBudget).
 */

const MAX_MESSAGE_BYTES = 100 * 1024;
/** A DKIM-Signature header and what the first relay adds. */
const ROOM_FOR_SIGNATURE = 2 * 1024;
const BUDGET = MAX_MESSAGE_BYTES - ROOM_FOR_SIGNATURE;

type Sized = Omit<Encodable, 'messageId'>;

/**
 * At most what the message takes once encoded: each part's bytes as if every byte needed escaping
 * (quoted-printable's worst case), plus its headers. Cheap; most messages are far under the budget by it.
 */
function sizeBound(mail: Sized): number {
  const headers = Object.entries(mail.headers).reduce((sum, [name, value]) => sum + name.length + Buffer.byteLength(value) * 3, 2048);
  return headers + Buffer.byteLength(mail.subject) * 3 + (Buffer.byteLength(mail.html) + Buffer.byteLength(mail.text)) * 3.2;
}

/** The message's exact size as the transport writes it (encoded only when a message is near the budget). */
async function encodedSize(mail: Sized): Promise<number> {
  return (await encodeMail({ ...mail, messageId: `<${'0'.repeat(36)}@${'x'.repeat(40)}>` })).length;
}

async function fitsBudget(mail: Sized): Promise<boolean> {
  return sizeBound(mail) <= BUDGET || (await encodedSize(mail)) <= BUDGET;
}

/**
 * Renders `render(shown)` with all `total` items, then fewer, until the message fits; answers the
 * message and how many items it shows (at least none: whatever the items, the frame, its footer and
 * "and N more" always fit).
 */
export async function fitToBudget<T extends Sized>(
  total: number,
  render: (shown: number) => Promise<T>,
): Promise<{ mail: T; shown: number }> {
  let shown = total;
  let mail = await render(shown);
  while (shown > 0 && !(await fitsBudget(mail))) {
    shown = fewer(shown, await encodedSize(mail));
    mail = await render(shown);
  }
  return { mail, shown };
}

/**
 * fitToBudget for a sender that sends the bytes it measured: every try is encoded, and the one that
 * fits is answered with its encoding. Cheaper than fitToBudget when most messages are near the
 * budget's bound and are encoded for sending anyway (a digest of 20 links is).
 */
export async function fitEncodedToBudget<T extends Encodable>(
  total: number,
  render: (shown: number) => Promise<T>,
): Promise<{ mail: T; shown: number; encoded: Buffer }> {
  let shown = total;
  for (;;) {
    const mail = await render(shown);
    const encoded = await encodeMail(mail);
    if (shown === 0 || encoded.length <= BUDGET) return { mail, shown, encoded };
    shown = fewer(shown, encoded.length);
  }
}

/** Items differ in size (notes, scripts): shrink in proportion to the overshoot, and measure again. */
function fewer(shown: number, size: number): number {
  return Math.max(0, Math.min(shown - 1, Math.floor((shown * BUDGET * 0.9) / size)));
}
