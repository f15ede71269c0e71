import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

/** The ad network's Conversions API (v3); an event goes to <base>/<pixel id>/conversion_events. */
const REDDIT_CONVERSIONS_API = 'https://ads-api.reddit.com/api/v3/pixels';

/** A slow network must not pile up open requests in our process. */
const DEFAULT_TIMEOUT_MS = 5000;

type TrackingType = 'PageVisit' | 'SignUp' | 'Purchase' | 'AddToCart';

export interface ConversionEvent {
  trackingType: TrackingType;
  at: Date;
  clickId?: string;
  /** The id the browser's pixel gave the same event: the network counts the pair once. */
  conversionId?: string;
  email?: string;
  userId?: string;
  ipAddress?: string;
  userAgent?: string;
  value?: number;
  currency?: string;
}

/**
 * Forwards conversions to the ad network, only when REDDIT_CONVERSIONS_TOKEN is set (and
 * REDDIT_PIXEL_ID, which addresses the account). send() never throws: an event that cannot be
 * delivered is logged and dropped, since nobody is waiting for it.
 */
export class RedditConversions {
  constructor(
    private readonly settings: Config['reddit'],
    private readonly log: FastifyBaseLogger,
    private readonly apiBase: string = REDDIT_CONVERSIONS_API,
    private readonly timeoutMs: number = DEFAULT_TIMEOUT_MS,
  ) {}

  get enabled(): boolean {
    return Boolean(this.settings.conversionsToken && this.settings.pixelId);
  }

  async send(event: ConversionEvent): Promise<void> {
    const { conversionsToken, pixelId } = this.settings;
    if (!conversionsToken || !pixelId) return;
    try {
      const response = await fetch(`${this.apiBase}/${encodeURIComponent(pixelId)}/conversion_events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${conversionsToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: { events: [toNetworkEvent(event)] } }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (!response.ok) {
        const reply = (await response.text()).slice(0, 500);
        this.log.warn({ status: response.status, reply, trackingType: event.trackingType }, 'the ad network refused a conversion');
      }
    } catch (err) {
      this.log.warn({ err, trackingType: event.trackingType }, 'a conversion could not be sent to the ad network');
    }
  }
}

/** The network's event shape. Identifiers go hashed (SHA-256 of the normalised value), as it asks. */
function toNetworkEvent(event: ConversionEvent) {
  return {
    event_at: event.at.getTime(),
    action_source: 'WEBSITE',
    type: { tracking_type: event.trackingType },
    click_id: event.clickId,
    metadata: {
      conversion_id: event.conversionId,
      value: event.value,
      currency: event.currency,
    },
    user: {
      email: event.email && sha256(event.email.trim().toLowerCase()),
      external_id: event.userId && sha256(event.userId),
      ip_address: event.ipAddress && sha256(event.ipAddress),
      user_agent: event.userAgent,
    },
  };
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
