import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { landingStats, publicConfig, type PublicConfig } from '../../shared/public-site';
import { cachedLandingStats } from './landing-stats';

const STATS_MAX_AGE_MS = 10 * 60 * 1000;

export interface PublicSiteOptions {
  /** How long a count of the landing-page figures is reused; tests set 0. */
  statsMaxAgeMs?: number;
}

/** What signed-out pages read: the landing page's live figures and the install's public settings. */
export function publicSiteRoutes(ctx: AppContext, options: PublicSiteOptions = {}): FastifyPluginAsyncZod {
  return async (app) => {
    const maxAgeMs = options.statsMaxAgeMs ?? STATS_MAX_AGE_MS;
    const stats = cachedLandingStats(ctx.database.db, maxAgeMs);
    const config = publicConfigOf(ctx.config);

    app.get(
      '/api/public/stats',
      {
        schema: {
          tags: ['public'],
          summary: "The landing page's social-proof figures (null below the claim)",
          response: { 200: landingStats },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', `public, max-age=${Math.floor(maxAgeMs / 1000)}`);
        return stats();
      },
    );

    app.get(
      '/api/public/config',
      {
        schema: {
          tags: ['public'],
          summary: 'Public settings: which third-party scripts may load, the support address',
          response: { 200: publicConfig },
        },
      },
      async () => config,
    );
  };
}

function publicConfigOf(config: AppContext['config']): PublicConfig {
  return {
    ...(config.reddit.pixelId ? { redditPixelId: config.reddit.pixelId } : {}),
    supportEmail: `support@${mailDomain(config.mailFrom)}`,
    localhostLinks: config.allowPrivateFetch,
  };
}

/** The domain of MAIL_FROM ("Stash <digest@example.com>" → example.com): the install's own. */
function mailDomain(mailFrom: string): string {
  return /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? 'localhost';
}
