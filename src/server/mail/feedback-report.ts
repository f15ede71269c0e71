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
  // Header names are case-insensitive, and a long header may continue on the next line.
  const ids = [...text.matchAll(new RegExp(`^Message-ID:\\s*<(${UUID})@[^>\\s]+>`, 'gim'))].map((match) => match[1].toLowerCase());
  return { feedbackType: type[1].toLowerCase(), outboxIds: [...new Set(ids)] };
}

export function isComplaint(report: FeedbackReport): boolean {
  return COMPLAINT_TYPES.has(report.feedbackType);
}
