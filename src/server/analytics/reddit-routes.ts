import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { AfterReply } from '../auth/after-reply';
import { admit } from '../auth/rate-limit';
import { conversionCalls } from '../../shared/reddit-conversions';
import { planAnalyticsPrices } from '../../shared/reddit-pixel';
import { RedditConversions, type ConversionEvent } from './conversions';

/** Conversions from one address; a visit sends one or two. */
const PER_IP = { limit: 30, windowSeconds: 60 };

/**
 * POST /api/reddit/{landing,signup,purchase,add-to-cart} (docs/product/analytics.md, Ad network conversions): answered at once
 * with 204, forwarded afterwards, and only when the Conversions API is configured. `conversions`
 * is a parameter so tests can point it at a local stand-in for the network.
 */
export function redditRoutes(ctx: AppContext, conversions = new RedditConversions(ctx.config.reddit, ctx.log)): FastifyPluginAsyncZod {
  return async (app) => {
    if (ctx.config.reddit.conversionsToken && !ctx.config.reddit.pixelId) {
      ctx.log.warn('REDDIT_CONVERSIONS_TOKEN is set without REDDIT_PIXEL_ID, which names the account: conversions are not forwarded');
    }
    const afterReply = new AfterReply(ctx.log);
    app.addHook('onClose', () => afterReply.drain());
    const options = <Body extends z.ZodType>(summary: string, body: Body) => ({
      schema: { tags: ['analytics'], summary, body, response: { 204: z.null(), 400: errorAnswer, 429: errorAnswer } },
      bodyLimit: 4096,
    });

    async function forward(request: FastifyRequest, reply: FastifyReply, event: Omit<ConversionEvent, 'at' | 'ipAddress'>) {
      if (conversions.enabled) {
        await admit(ctx.rateLimiter, [{ key: `conversions:ip:${request.ip}`, rules: [PER_IP] }]);
        const full: ConversionEvent = {
          ...event,
          at: new Date(),
          ipAddress: request.ip,
          userAgent: event.userAgent ?? request.headers['user-agent'],
        };
        afterReply.run('forwarding a conversion', () => conversions.send(full));
      }
      return reply.status(204).send(null);
    }

    app.post('/api/reddit/landing', options('A visit to a landing page', conversionCalls.landing.body), async (request, reply) => {
      const { clickId, conversionId, userAgent } = request.body;
      return forward(request, reply, { trackingType: 'PageVisit', clickId, conversionId, userAgent });
    });

    app.post('/api/reddit/signup', options('A new account', conversionCalls.signup.body), async (request, reply) => {
      const { userId, email, clickId, conversionId } = request.body;
      return forward(request, reply, { trackingType: 'SignUp', userId, email, clickId, conversionId });
    });

    app.post('/api/reddit/purchase', options('A paid plan bought', conversionCalls.purchase.body), async (request, reply) => {
      const { userId, email, value, currency, clickId, conversionId } = request.body;
      return forward(request, reply, { trackingType: 'Purchase', userId, email, value, currency, clickId, conversionId });
    });

    app.post(
      '/api/reddit/add-to-cart',
      options('A plan chosen at checkout', conversionCalls['add-to-cart'].body),
      async (request, reply) => {
        const { plan, clickId, conversionId } = request.body;
        return forward(request, reply, {
          trackingType: 'AddToCart',
          value: planAnalyticsPrices[plan],
          currency: 'USD',
          clickId,
          conversionId,
        });
      },
    );
  };
}
