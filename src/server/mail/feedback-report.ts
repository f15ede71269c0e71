import type { HeaderValue, Headers, ParsedMail, SimpleParserOptions } from 'mailparser';

/**
 * A complaint as mailbox providers send it: an Abuse Reporting Format report (RFC 5965), a
 * multipart/report whose message/feedback-report part holds `Feedback-Type:` and whose third part
 * is the reported message or its headers, with the Message-ID we gave it (`<outbox id@our domain>`).
 */
export interface FeedbackReport {
  /** abuse, fraud, virus, other, not-spam, auth-failure, dmarc (RFC 5965, RFC 6591). */
  feedbackType: string;
  /** The outbox ids of our messages the report names. */
  outboxIds: string[];
}

/**
 * A bounce that came back after the relay accepted the message: a delivery status notification
 * (RFC 3464), a multipart/report whose message/delivery-status part has `Action:` and `Status:` per
 * recipient. Our message is found by the envelope id we gave it (`Original-Envelope-Id`, sent with
 * ENVID when the relay offers DSN) or by its Message-ID in the returned message or headers.
 */
export interface DeliveryReport {
  outboxIds: string[];
  /** The enhanced status codes (5.1.1, 4.4.7 …) of the recipients the report says failed for good. */
  failedStatuses: string[];
}

/** What a mail posted to the feedback webhook is: a complaint, a bounce, or neither (then its subject may be an unsubscribe). */
export interface MailReport {
  feedback: FeedbackReport | null;
  delivery: DeliveryReport | null;
  subject: string;
}

/** The types that mean "the recipient does not want this mail". */
const COMPLAINT_TYPES = new Set(['abuse', 'fraud']);

const OUTBOX_MESSAGE_ID = /^<?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:@|>|$)/i;

/** A report forwarded inside a forward is still read; deeper nesting is not a report's shape. */
const MAX_NESTING = 2;

/** A delivery report names a handful of recipients; more field groups than this are not looked at. */
const MAX_RECIPIENT_GROUPS = 100;

// keepDeliveryStatus (mailparser 3.6+, missing from its types) keeps message/delivery-status as a part of its own.
const PARSE_OPTIONS: SimpleParserOptions & { keepDeliveryStatus: boolean } = {
  keepDeliveryStatus: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipImageLinks: true,
};

async function parse(raw: string | Buffer): Promise<ParsedMail> {
  const { simpleParser } = await import('mailparser');
  return simpleParser(raw, PARSE_OPTIONS);
}

/**
 * Reads the posted mail with mailparser: the MIME structure, transfer encodings and header folding
 * are its work. `contentType` is the request's, used when the body is a report's parts without
 * the header that names their boundary.
 */
export async function readMailReport(raw: string, contentType = ''): Promise<MailReport> {
  let mail = await parse(raw);
  const ownType = mail.headers.get('content-type');
  const isMultipart = typeof ownType === 'object' && 'value' in ownType && String(ownType.value).startsWith('multipart/');
  if (!isMultipart && /^multipart\/report\b/i.test(contentType)) {
    mail = await parse(`Content-Type: ${contentType}\r\n\r\n${raw}`);
  }
  return { subject: mail.subject ?? '', ...(await reportIn(mail, 0)) };
}

export function isComplaint(report: FeedbackReport): boolean {
  return COMPLAINT_TYPES.has(report.feedbackType);
}

async function reportIn(mail: ParsedMail, depth: number): Promise<Omit<MailReport, 'subject'>> {
  const outboxIds = new Set<string>();
  const envelopeIds: string[] = [];
  const failedStatuses: string[] = [];
  const forwarded: ParsedMail[] = [];
  let feedbackType = fieldText(mail.headers.get('feedback-type'));
  let isDelivery = false;

  for (const part of mail.attachments) {
    if (part.contentType === 'message/feedback-report') {
      feedbackType ||= fieldText((await fieldsOf(part.content)).get('feedback-type'));
    } else if (part.contentType === 'message/delivery-status') {
      isDelivery = true;
      const [perMessage, ...perRecipient] = part.content.toString('utf8').split(/\r?\n[ \t]*\r?\n/);
      const envelopeId = outboxIdIn(fieldText((await fieldsOf(perMessage)).get('original-envelope-id')));
      if (envelopeId) envelopeIds.push(envelopeId);
      for (const group of perRecipient.slice(0, MAX_RECIPIENT_GROUPS)) {
        if (!group.trim()) continue;
        const fields = await fieldsOf(group);
        const status = /^\d\.\d{1,3}\.\d{1,3}/.exec(fieldText(fields.get('status')))?.[0];
        if (fieldText(fields.get('action')).toLowerCase() === 'failed' && status) failedStatuses.push(status);
      }
    } else if (part.contentType === 'text/rfc822-headers') {
      addOutboxId(outboxIds, fieldText((await fieldsOf(part.content)).get('message-id')));
    } else if (part.contentType === 'message/rfc822') {
      const returned = await parse(part.content);
      addOutboxId(outboxIds, returned.messageId ?? '');
      forwarded.push(returned);
    }
  }

  const feedback = /^[A-Za-z-]+/.exec(feedbackType)?.[0].toLowerCase();
  if (feedback) return { feedback: { feedbackType: feedback, outboxIds: [...outboxIds] }, delivery: null };
  if (isDelivery) return { feedback: null, delivery: { outboxIds: [...new Set([...envelopeIds, ...outboxIds])], failedStatuses } };
  if (depth < MAX_NESTING) {
    for (const inner of forwarded) {
      const report = await reportIn(inner, depth + 1);
      if (report.feedback || report.delivery) return report;
    }
  }
  return { feedback: null, delivery: null };
}

/** A block of fields (a feedback report, a delivery-status group, returned headers) has the form of a message header. */
async function fieldsOf(block: string | Buffer): Promise<Headers> {
  return (await parse(block)).headers;
}

function fieldText(value: HeaderValue | undefined): string {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0].trim();
  return '';
}

function outboxIdIn(messageId: string): string | undefined {
  return OUTBOX_MESSAGE_ID.exec(messageId.trim())?.[1].toLowerCase();
}

function addOutboxId(ids: Set<string>, messageId: string): void {
  const id = outboxIdIn(messageId);
  if (id) ids.add(id);
}
