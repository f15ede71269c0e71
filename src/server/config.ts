import { availableParallelism } from 'node:os';
import { z } from 'zod';
import type { Keyring } from './digests/tokens';

const onOff = z.enum(['on', 'off']);
const optionalText = z.string().min(1).optional();

/** Every setting the server reads. The names are a contract: see docs/configuration.md. */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Unset: http://localhost:PORT, so links in e-mails and the start-up line follow a changed PORT. */
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Stash <digest@localhost>'),
  DKIM_DOMAIN: optionalText,
  DKIM_SELECTOR: optionalText,
  DKIM_PRIVATE_KEY: optionalText,
  ADMIN_EMAILS: z.string().default(''),
  BILLING: z.enum(['stripe', 'local', 'off']).default('local'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_MONTHLY: optionalText,
  STRIPE_PRICE_ANNUAL: optionalText,
  STRIPE_API_BASE: z.url().optional(),
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('stash:rate:'),
  READ_PAGES: onOff.optional(),
  /** READ_PAGES's old name: still read, with a notice at start-up (startup-notices.ts). */
  FETCH_TITLES: onOff.optional(),
  ALLOW_PRIVATE_FETCH: onOff.default('off'),
  REDDIT_PIXEL_ID: optionalText,
  REDDIT_CONVERSIONS_TOKEN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DIGEST_SEND_RATE: z.coerce.number().int().min(1).default(50),
  IMPORTS_AT_ONCE: z.coerce.number().int().min(1).optional(),
  IMPORT_WORKER_MEMORY_MB: z.coerce.number().int().min(16).default(384),
  IMPORT_QUEUE_MB: z.coerce.number().int().min(50).default(200),
  MAIL_FEEDBACK_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  INBOUND_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z0-9-]+$/i, 'must be a domain name, such as in.stash.example')
    .optional(),
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_WEBHOOK_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER_URL: z.url({ protocol: /^https?$/ }).optional(),
  GITHUB_CLIENT_ID: optionalText,
  GITHUB_CLIENT_SECRET: optionalText,
  GITHUB_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  GITHUB_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_ISSUER_URL: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: z.string().min(1).max(40).optional(),
  LINK_SIGNING_KEYS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .refine((keys) => keys.every((key) => key.length >= 32), 'each key must be at least 32 characters')
    .optional(),
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

type Env = z.infer<typeof configSchema>;

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  dkim: { domain: string; selector: string; privateKey: string } | undefined;
  adminEmails: string[];
  billing: Env['BILLING'];
  stripe: {
    secretKey?: string;
    webhookSecret?: string;
    priceMonthly?: string;
    priceAnnual?: string;
    apiBase?: string;
  };
  role: Env['ROLE'];
  redisUrl: string | undefined;
  /** Starts every rate-limit key in Redis: installs (or test runs) sharing one server keep their counts apart. */
  redisKeyPrefix: string;
  readPages: boolean;
  /** Settings given by an old name that still works, as [old, new]: each is named in a notice at start-up. */
  oldSettingNames: [string, string][];
  allowPrivateFetch: boolean;
  reddit: { pixelId?: string; conversionsToken?: string };
  /** Every ANALYTICS_* variable, passed on to the analytics providers by name. */
  analytics: Record<string, string>;
  logLevel: Env['LOG_LEVEL'];
  /** Scheduled digests handed out per second when many fall due together: a big hour takes minutes, not one burst. */
  digestSendRate: number;
  /** Imports parsed at once (one worker thread each; the others wait their turn), each worker's heap, and the temporary disk uploads may take in all. */
  imports: { atOnce: number; workerMemoryMb: number; queueMb: number };
  /** The bearer token of POST /api/webhooks/mail-feedback; unset, complaint reports are not accepted. */
  mailFeedbackToken: string | undefined;
  /** Save by e-mail (src/server/inbound-mail/): off without a domain; the SMTP listener and the webhook each need their own setting too. */
  inbound: { domain: string; smtpPort: number | undefined; webhookToken: string | undefined } | undefined;
  /** The external sign-in providers that are configured (src/server/sign-in-providers/). */
  signInProviders: SignInProviderConfig[];
  /** The bearer token of GET /metrics; unset, the route does not exist. */
  metricsToken: string | undefined;
  /** The operator's link-signing keys, newest (signing) first; see digests/link-keys.ts. */
  linkSigningKeys: string[];
  /** Loaded by runtime.ts from linkSigningKeys and the database before anything signs a link. */
  linkKeyring?: Keyring;
  /** How long SIGTERM lets the work under way finish (digest batches with SMTP) before the process exits. */
  shutdownGraceSeconds: number;
  version: string;
}

/** One external sign-in provider: Google and any OpenID Connect provider by discovery, GitHub by its OAuth endpoints. */
export type SignInProviderConfig =
  | { id: 'google' | 'oidc'; name: string; kind: 'oidc'; issuerUrl: string; clientId: string; clientSecret: string }
  | { id: 'github'; name: string; kind: 'github'; baseUrl: string; apiUrl: string; clientId: string; clientSecret: string };

export class ConfigError extends Error {}

/** Parses the environment once. Empty strings count as unset, as in most .env files. */
export function loadConfig(env: NodeJS.ProcessEnv, version = '0.0.0'): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dkimParts = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY];
  if (dkimParts.some(Boolean) && !dkimParts.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together');
  }
  if ((e.INBOUND_SMTP_PORT !== undefined || e.INBOUND_WEBHOOK_TOKEN) && !e.INBOUND_DOMAIN) {
    throw new ConfigError(
      'Invalid configuration:\n  INBOUND_SMTP_PORT and INBOUND_WEBHOOK_TOKEN need INBOUND_DOMAIN (the domain of the save-by-e-mail addresses)',
    );
  }
  if (e.BILLING === 'stripe' && !(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  BILLING: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    sessionSecret: e.SESSION_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dkim: e.DKIM_DOMAIN ? { domain: e.DKIM_DOMAIN, selector: e.DKIM_SELECTOR!, privateKey: e.DKIM_PRIVATE_KEY! } : undefined,
    adminEmails: e.ADMIN_EMAILS.split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    billing: e.BILLING,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      priceMonthly: e.STRIPE_PRICE_MONTHLY,
      priceAnnual: e.STRIPE_PRICE_ANNUAL,
      apiBase: e.STRIPE_API_BASE,
    },
    role: e.ROLE,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    readPages: (e.READ_PAGES ?? e.FETCH_TITLES ?? 'on') === 'on',
    oldSettingNames: e.FETCH_TITLES ? [['FETCH_TITLES', 'READ_PAGES']] : [],
    allowPrivateFetch: e.ALLOW_PRIVATE_FETCH === 'on',
    reddit: { pixelId: e.REDDIT_PIXEL_ID, conversionsToken: e.REDDIT_CONVERSIONS_TOKEN },
    analytics: Object.fromEntries(Object.entries(present).filter(([key]) => key.startsWith('ANALYTICS_'))) as Record<string, string>,
    logLevel: e.LOG_LEVEL,
    digestSendRate: e.DIGEST_SEND_RATE,
    imports: { atOnce: e.IMPORTS_AT_ONCE ?? availableParallelism(), workerMemoryMb: e.IMPORT_WORKER_MEMORY_MB, queueMb: e.IMPORT_QUEUE_MB },
    mailFeedbackToken: e.MAIL_FEEDBACK_TOKEN,
    inbound: e.INBOUND_DOMAIN
      ? { domain: e.INBOUND_DOMAIN.toLowerCase(), smtpPort: e.INBOUND_SMTP_PORT, webhookToken: e.INBOUND_WEBHOOK_TOKEN }
      : undefined,
    signInProviders: signInProvidersFrom(e),
    metricsToken: e.METRICS_TOKEN,
    linkSigningKeys: e.LINK_SIGNING_KEYS ?? [],
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    version,
  };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** A provider is on when its client id and secret are set (and, for the generic one, its issuer); half a pair stops the server. */
function signInProvidersFrom(e: Env): SignInProviderConfig[] {
  const pairs = [
    ['GOOGLE', e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET],
    ['GITHUB', e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET],
    ['OIDC', e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET],
  ] as const;
  for (const [name, id, secret] of pairs) {
    if (Boolean(id) !== Boolean(secret))
      throw new ConfigError(`Invalid configuration:\n  ${name}_CLIENT_ID and ${name}_CLIENT_SECRET must be set together`);
  }
  if (Boolean(e.OIDC_CLIENT_ID) !== Boolean(e.OIDC_ISSUER_URL)) {
    throw new ConfigError('Invalid configuration:\n  OIDC_ISSUER_URL, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  const providers: SignInProviderConfig[] = [];
  if (e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET) {
    const issuerUrl = e.GOOGLE_ISSUER_URL ?? 'https://accounts.google.com';
    providers.push({
      id: 'google',
      name: 'Google',
      kind: 'oidc',
      issuerUrl,
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
    });
  }
  if (e.GITHUB_CLIENT_ID && e.GITHUB_CLIENT_SECRET) {
    providers.push({
      id: 'github',
      name: 'GitHub',
      kind: 'github',
      baseUrl: trimSlash(e.GITHUB_BASE_URL ?? 'https://github.com'),
      apiUrl: trimSlash(e.GITHUB_API_URL ?? 'https://api.github.com'),
      clientId: e.GITHUB_CLIENT_ID,
      clientSecret: e.GITHUB_CLIENT_SECRET,
    });
  }
  if (e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET) {
    // Kept as written: discovery checks the issuer character for character (some end with a slash).
    const issuerUrl = e.OIDC_ISSUER_URL;
    providers.push({
      id: 'oidc',
      name: e.OIDC_NAME ?? 'Single Sign-On',
      kind: 'oidc',
      issuerUrl,
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET,
    });
  }
  return providers;
}
