import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import {
  cancelledPage,
  confirmSubscriptionPage,
  invalidSubscriberLinkPage,
  subscribedPage,
  unsubscribedPage,
  unsubscribeQuestionPage,
} from './subscriber-pages';
import { confirmSubscriber, subscriberPaths, subscriberTarget, unsubscribeSubscriber } from './subscribers';

const tokenParams = z.object({ token: z.string().max(200) });
const htmlPage = z.string().describe('An HTML page');

/** RFC 8058's body, as application/x-www-form-urlencoded or as a multipart/form-data field. */
const oneClick = /List-Unsubscribe(=|"\s*\r?\n\r?\n)One-Click/;

/**
 * The links in a subscriber's mail (docs/sharing.md): confirming a subscription and unsubscribing.
 * The token is the credential, so the POSTs come from any origin: the confirmation page's
 * no-referrer policy makes browsers send `Origin: null`, and mail providers post one-click
 * unsubscribes from their own servers. A token that is not genuine answers 404 and changes nothing.
 */
export function subscriberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );
    const confirmPath = (token: string) => `${subscriberPaths.confirm}/${token}`;
    const unsubscribePath = (token: string) => `${subscriberPaths.unsubscribe}/${token}`;

    app.get(
      `${subscriberPaths.confirm}/:token`,
      { schema: { hide: true, params: tokenParams, response: { 200: htmlPage, 404: htmlPage } } },
      async (request, reply) => {
        const target = await subscriberTarget(ctx, request.params.token, 'confirm');
        if (!target) return html(reply.status(404), invalidSubscriberLinkPage());
        return html(reply, confirmSubscriptionPage(target, confirmPath(request.params.token)));
      },
    );

    app.post(
      `${subscriberPaths.confirm}/:token`,
      {
        config: { anyOrigin: true },
        schema: {
          tags: ['sharing'],
          summary: "Confirm a subscription to a published category's weekly e-mail (the confirmation mail's link)",
          params: tokenParams,
          response: { 200: htmlPage, 404: htmlPage },
        },
      },
      async (request, reply) => {
        const target = await subscriberTarget(ctx, request.params.token, 'confirm');
        if (!target) return html(reply.status(404), invalidSubscriberLinkPage());
        return html(reply, (await confirmSubscriber(ctx, target)) ? subscribedPage(target) : cancelledPage(target));
      },
    );

    app.get(
      `${subscriberPaths.unsubscribe}/:token`,
      { schema: { hide: true, params: tokenParams, response: { 200: htmlPage, 404: htmlPage } } },
      async (request, reply) => {
        const target = await subscriberTarget(ctx, request.params.token, 'unsubscribe');
        if (!target) return html(reply.status(404), invalidSubscriberLinkPage());
        return html(reply, unsubscribeQuestionPage(target, unsubscribePath(request.params.token)));
      },
    );

    app.post(
      `${subscriberPaths.unsubscribe}/:token`,
      {
        config: { anyOrigin: true },
        schema: {
          tags: ['sharing'],
          summary: "One-click unsubscribe (RFC 8058) from a published category's weekly e-mail",
          params: tokenParams,
          response: { 200: htmlPage, 400: errorAnswer, 404: htmlPage },
        },
      },
      async (request, reply) => {
        const target = await subscriberTarget(ctx, request.params.token, 'unsubscribe');
        if (!target) return html(reply.status(404), invalidSubscriberLinkPage());
        if (typeof request.body !== 'string' || !oneClick.test(request.body)) {
          throw new HttpError(400, 'NOT_ONE_CLICK', 'A one-click unsubscribe posts List-Unsubscribe=One-Click.');
        }
        await unsubscribeSubscriber(ctx, target);
        return html(reply, unsubscribedPage(target));
      },
    );
  };
}

function html(reply: FastifyReply, page: string) {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}
