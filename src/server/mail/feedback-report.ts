/**
 * A complaint as mailbox providers send it: an Abuse Reporting Format report (RFC 5965), a
 * multipart/report whose second part holds `Feedback-Type:` and whose third part is the reported
 * message or its headers, with the Message-ID we gave it (`<outbox id@our domain>`).
 */
export interface FeedbackReport {
  /** abuse, fraud, virus, other, not-spam, auth-failure, dmarc (RFC 5965, RFC 6591). */
  feedbackType: string;
  /** The outbox ids of our messages the report names. */
  outboxIds: string[];
}

/** The types that mean "the recipient does not want this mail". */
const COMPLAINT_TYPES = new Set(['abuse', 'fraud']);

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Null when the text is not a feedback report at all. */
export function readFeedbackReport(text: string): FeedbackReport | null {
  const type = /^Feedback-Type:[ \t]*([A-Za-z-]+)/im.exec(text);
  if (!type) return null;
  return { feedbackType: type[1].toLowerCase(), outboxIds: [...new Set(messageIdsIn(text))] };
}

export function isComplaint(report: FeedbackReport): boolean {
  return COMPLAINT_TYPES.has(report.feedbackType);
}

/**
 * A bounce that came back after the relay accepted the message: a delivery status notification
 * (RFC 3464), a multipart/report whose delivery-status part has `Action:` and `Status:` per
 * recipient. Our message is found by the envelope id we gave it (`Original-Envelope-Id`, sent with
 * ENVID when the relay offers DSN) or by its Message-ID in the returned headers.
 */
export interface DeliveryReport {
  outboxIds: string[];
  /** The enhanced status codes (5.1.1, 4.4.7 …) of the recipients the report says failed for good. */
  failedStatuses: string[];
}

/** Null when the text is not a delivery status notification. */
export function readDeliveryReport(text: string): DeliveryReport | null {
  if (!/^Action:/im.test(text) || !/^Status:/im.test(text)) return null;
  const envelopeIds = [...text.matchAll(new RegExp(`^Original-Envelope-Id:\\s*<?(${UUID})`, 'gim'))].map((match) => match[1].toLowerCase());
  const failedStatuses: string[] = [];
  // Each recipient's fields are a paragraph of their own; Action and Status may come in any order.
  for (const paragraph of text.split(/\r?\n\s*\r?\n/)) {
    const action = /^Action:[ \t]*([A-Za-z]+)/im.exec(paragraph)?.[1].toLowerCase();
    const status = /^Status:[ \t]*(\d\.\d{1,3}\.\d{1,3})/im.exec(paragraph)?.[1];
    if (action === 'failed' && status) failedStatuses.push(status);
  }
  return { outboxIds: [...new Set([...envelopeIds, ...messageIdsIn(text)])], failedStatuses };
}

function messageIdsIn(text: string): string[] {
  // Header names are case-insensitive, and a long header may continue on the next line.
  return [...text.matchAll(new RegExp(`^Message-ID:\\s*<(${UUID})@[^>\\s]+>`, 'gim'))].map((match) => match[1].toLowerCase());
}
