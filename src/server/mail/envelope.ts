/** Who a message is from and to, what it is called, and its headers: all but its body. */
export interface MailEnvelope {
  /** `<unique@our-domain>`, chosen by the outbox so every attempt of one message carries the same id. */
  messageId: string;
  from: string;
  to: string;
  subject: string;
  headers: Record<string, string>;
  /**
   * Delivery status notification parameters (RFC 3461), used when the relay offers DSN: the envelope
   * id (the outbox id) comes back in any bounce report as Original-Envelope-Id, with our headers.
   */
  dsn?: { id: string; return: 'headers'; notify: 'failure'; recipient: string };
}

/** The two parts, for the transport to encode. */
export interface MailParts {
  html: string;
  text: string;
}
