import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { z } from 'zod';
import type { AppContext } from '../context';
import { admit } from '../auth/rate-limit';
import { HttpError } from '../http/errors';
import { emailField } from '../../shared/auth-schemas';
import { FEED_SIZE, PUBLIC_PAGE_SIZE, publicCategoryPath, SUBSCRIPTIONS_A_MINUTE } from '../../shared/sharing';
import { categoryFeed } from './feeds';
import { pageStatsOf } from './page-stats';
import { type KeptAnswer, type OpenPage, PublicAnswers } from './public-answers';
import { findPublicPage, pageIsOpen, parsePublicPage } from './public-categories';
import { renderGonePage, renderSharedLinkPage } from './public-page';
import { renderCategoryPage, type SubscribeFormState } from './public-page-html';
import { findSharedLink } from './shared-links';
import { subscribe } from './subscribers';

const addressParams = z.object({ handle: z.string().max(100), slug: z.string().max(100) });
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
  /** Set by the redirect after subscribing: the form says "check your inbox". */
  subscribed: z.literal('1').optional().catch(undefined),
});
const publicAddressPart = /^[a-z0-9-]{1,100}$/;
const tokenParams = z.object({ token: z.string().max(200) });
const htmlPage = z.string().describe('An HTML page');

/**
 * What anyone may read without an account (docs/sharing.md): published categories as HTML pages and
 * feeds, and shared links. Every miss answers the same 404: an address never tells whether it was
 * unpublished, revoked, taken down or never was.
 */
export function publicSharingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx.database;
    const stats = pageStatsOf(db);
    app.addHook('onClose', async () => stats.flush());
    const schema = (summary: string) => ({ tags: ['sharing'], summary, hide: true });
    const gone = (reply: FastifyReply) =>
      reply.status(404).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderGonePage());

    // The subscribe form posts as a plain HTML form; nothing else here reads a body.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, body),
    );

    const answers = new PublicAnswers();

    /**
     * The published, open category at the address with `limit` of its links from `offset`: the
     * answer kept under `keptAs` if the query's text is still the one it was made from, else the
     * text and the page parsed from it.
     */
    const openPage = async (
      address: { handle: string; slug: string },
      limit: number,
      offset: number,
      keptAs?: string,
    ): Promise<KeptAnswer | { source: string; page: OpenPage } | undefined> => {
      // Handles and slugs are lowercase letters, digits and hyphens: anything else is no address.
      if (!publicAddressPart.test(address.handle) || !publicAddressPart.test(address.slug)) return undefined;
      const source = await findPublicPage(db, address, limit, offset);
      if (source === undefined) return undefined;
      const kept = keptAs === undefined ? undefined : answers.find(keptAs, source);
      const page = kept?.page ?? pageOf(source);
      // Checked on every request, kept or not: a lapsed Pro's page closes with time alone.
      if (!pageIsOpen(page.category, ctx.config.billing)) return undefined;
      return kept ?? { source, page };
    };
    const pageOf = (source: string): OpenPage => {
      const found = parsePublicPage(source);
      return { ...found, pageUrl: `${ctx.config.appUrl}${publicCategoryPath(found.category.handle, found.category.slug)}` };
    };
    /**
     * The answer to a GET of the address, `render`ed as `kind` says (kept while the page's query
     * answers the same), or undefined for the 404.
     */
    const answerOf = async (
      address: { handle: string; slug: string },
      [limit, offset]: readonly [number, number],
      kind: string,
      render: (page: OpenPage) => string,
    ): Promise<KeptAnswer | undefined> => {
      const keptAs = `${kind} ${address.handle}/${address.slug} ${limit} ${offset}`;
      const found = await openPage(address, limit, offset, keptAs);
      if (!found || 'body' in found) return found;
      return answers.keep(keptAs, found.source, found.page, render(found.page));
    };
    /** The body, or 304 when the reader has this very one (its ETag in If-None-Match). */
    const sendAnswer = (request: FastifyRequest, reply: FastifyReply, answer: KeptAnswer) => {
      reply.header('etag', answer.etag);
      if (fresh(request.headers, { etag: answer.etag })) return reply.status(304).send();
      return reply.send(answer.body);
    };

    // Unpublishing must take the page away at once: no cache may keep it (no-cache: a browser or
    // feed reader asks again each time, with the ETag). The subscribe form's POST carries this
    // origin only if the page's referrer policy lets it (no-referrer sends `Origin: null`, which the
    // origin check refuses); other sites still get no referrer.
    const asPage = (reply: FastifyReply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('referrer-policy', 'same-origin');
    const renderPage = (page: OpenPage, pageNumber: number, subscribe: SubscribeFormState) =>
      renderCategoryPage({
        category: page.category,
        links: page.links.slice(0, PUBLIC_PAGE_SIZE),
        page: pageNumber,
        hasMore: page.links.length > PUBLIC_PAGE_SIZE,
        pageUrl: page.pageUrl,
        subscribe,
      });

    /** A page and one more link, which tells whether there is a next page. */
    const onPage = (page: number) => [PUBLIC_PAGE_SIZE + 1, (page - 1) * PUBLIC_PAGE_SIZE] as const;

    app.get(
      '/@:handle/:slug',
      { schema: { ...schema('A published category as an HTML page'), params: addressParams, querystring: pageQuery } },
      async (request, reply) => {
        const subscribe = { status: request.query.subscribed ? 'sent' : 'idle' } as const;
        const answer = await answerOf(request.params, onPage(request.query.page), `html-${subscribe.status}`, (page) =>
          renderPage(page, request.query.page, subscribe),
        );
        if (!answer) return gone(reply);
        stats.count(answer.page.category.id, 'pageViews');
        return sendAnswer(request, asPage(reply), answer);
      },
    );

    app.post(
      '/@:handle/:slug/subscribe',
      {
        schema: {
          tags: ['sharing'],
          summary:
            "Subscribe an address to a published category's weekly e-mail (an HTML form post: email=…); a confirmation mail goes out, and the answer is a redirect to the page",
          params: addressParams,
          consumes: ['application/x-www-form-urlencoded'],
          response: { 303: z.null(), 400: htmlPage, 404: htmlPage, 429: htmlPage },
        },
      },
      async (request, reply) => {
        const opened = await openPage(request.params, ...onPage(1));
        if (!opened) return gone(reply);
        const found = opened.page;
        const categoryPage = (reply: FastifyReply, subscribe: SubscribeFormState) => {
          stats.count(found.category.id, 'pageViews');
          return asPage(reply).send(renderPage(found, 1, subscribe));
        };
        const given = typeof request.body === 'string' ? (new URLSearchParams(request.body).get('email') ?? '') : '';
        try {
          await admit(ctx.rateLimiter, [
            { key: `subscribe:ip:${request.ip}`, rules: [{ limit: SUBSCRIPTIONS_A_MINUTE, windowSeconds: 60 }] },
          ]);
        } catch (error) {
          if (!(error instanceof HttpError) || error.statusCode !== 429) throw error;
          reply.status(429).headers(error.headers);
          return categoryPage(reply, { status: 'limited', email: given.slice(0, 254) });
        }
        const email = emailField.safeParse(given);
        if (!email.success) return categoryPage(reply.status(400), { status: 'invalid', email: given.slice(0, 254) });
        await subscribe(ctx, found.category, email.data);
        return reply.redirect(`${new URL(found.pageUrl).pathname}?subscribed=1#subscribe`, 303);
      },
    );

    for (const [file, type, write] of [
      ['feed.xml', 'application/atom+xml; charset=utf-8', 'atom1'],
      ['feed.rss', 'application/rss+xml; charset=utf-8', 'rss2'],
    ] as const) {
      app.get(
        `/@:handle/:slug/${file}`,
        { schema: { ...schema(`A published category's ${write === 'atom1' ? 'Atom' : 'RSS'} feed`), params: addressParams } },
        async (request, reply) => {
          const answer = await answerOf(request.params, [FEED_SIZE, 0], write, (page) =>
            categoryFeed(page.category, page.links, page.pageUrl)[write](),
          );
          if (!answer) return gone(reply);
          stats.count(answer.page.category.id, 'feedFetches');
          return sendAnswer(request, reply.type(type).header('cache-control', 'no-cache'), answer);
        },
      );
    }

    app.get('/s/:token', { schema: { ...schema('A shared link: its readable copy'), params: tokenParams } }, async (request, reply) => {
      const shared = await findSharedLink(db, request.params.token);
      if (!shared) return gone(reply);
      const html = renderSharedLinkPage({ ...shared, pageUrl: `${ctx.config.appUrl}/s/${encodeURIComponent(request.params.token)}` });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);
    });
  };
}
