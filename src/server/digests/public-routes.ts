import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer, HttpError } from '../http/errors';
import { paths } from '../../shared/routes';
import { highlightTarget, setHighlightHidden } from './highlight-actions';
import {
  hideHighlightConfirmPage,
  hideHighlightDonePage,
  hideHighlightUndonePage,
  linkActionConfirmPage,
  linkActionDonePage,
  linkActionUndonePage,
} from './link-action-pages';
import { actionTarget, applyLinkAction, linkActionState, restoreLinkState, type LinkActionState } from './link-actions';
import { isUnsubscribeToken, openLink, unsubscribe, webViewHtml } from './public-links';
import { confirmPage, donePage, invalidLinkPage } from './unsubscribe-page';
import { digestPaths, linkActions } from './urls';

const tokenParams = z.object({ token: z.string().max(200) });
const htmlPage = z.string().describe('An HTML page');

/** The digest's own HTML, shown as sent: no scripts, nothing fetched but images. */
const webViewPolicy = "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; frame-ancestors 'none'";

/** RFC 8058's body, as application/x-www-form-urlencoded or as a multipart/form-data field. */
const oneClick = /List-Unsubscribe(=|"\s*\r?\n\r?\n)One-Click/;

/**
 * The links inside a digest, which work without signing in: each carries a signed token
 * (urls.ts). A token that is not genuine answers 404 and changes nothing.
 */
export function digestPublicRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Mail providers POST one-click unsubscribes as a form; nothing else in this plugin reads a body.
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, body),
    );

    app.get(
      `${digestPaths.unsubscribe}/:token`,
      { schema: { hide: true, params: tokenParams, response: { 200: htmlPage, 404: htmlPage } } },
      async (request, reply) => {
        if (!isUnsubscribeToken(ctx, request.params.token)) return html(reply.status(404), invalidLinkPage());
        return html(reply, confirmPage(`${digestPaths.unsubscribe}/${request.params.token}`));
      },
    );

    app.post(
      `${digestPaths.unsubscribe}/:token`,
      {
        // Called by mail providers from their own servers and pages; the token is the credential.
        config: { anyOrigin: true },
        schema: {
          tags: ['digests'],
          summary: 'One-click unsubscribe (RFC 8058)',
          params: tokenParams,
          response: { 200: htmlPage, 400: errorAnswer, 404: htmlPage },
        },
      },
      async (request, reply) => {
        if (!(await unsubscribeIfOneClick(ctx, request.params.token, request.body))) return html(reply.status(404), invalidLinkPage());
        return html(reply, donePage(`${ctx.config.appUrl}/settings?tab=newsletter`));
      },
    );

    app.get(
      `${digestPaths.open}/:token`,
      {
        schema: {
          tags: ['digests'],
          summary: "A digest's link: marks it read, then redirects to it",
          params: tokenParams,
          response: { 404: errorAnswer },
        },
      },
      async (request, reply) => {
        // Link checkers send HEAD (Fastify answers it with this handler): only a GET is a reader.
        const url = await openLink(ctx, request.params.token, { markRead: request.method === 'GET' });
        if (!url) throw new HttpError(404, 'NOT_FOUND', 'This link is not valid.');
        return reply.header('cache-control', 'no-store').redirect(url, 302);
      },
    );

    for (const action of linkActions) {
      const path = `${digestPaths[action]}/:token`;
      app.get(path, { schema: { hide: true, params: tokenParams, response: { 200: htmlPage, 404: htmlPage } } }, async (request, reply) => {
        const target = await actionTarget(ctx, action, request.params.token);
        if (!target) return html(reply.status(404), invalidLinkPage());
        return html(reply, linkActionConfirmPage(action, target.title, `${digestPaths[action]}/${request.params.token}`));
      });
      app.post(
        path,
        {
          // Posted by the confirmation page, whose no-referrer policy makes browsers send `Origin: null`; the token is the credential.
          config: { anyOrigin: true },
          schema: {
            tags: ['digests'],
            summary: "A digest's one-tap action on a link: mark read, snooze or stop including",
            params: tokenParams,
            response: { 200: htmlPage, 404: htmlPage },
          },
        },
        async (request, reply) => {
          const target = await actionTarget(ctx, action, request.params.token);
          if (!target) return html(reply.status(404), invalidLinkPage());
          const previous = await applyLinkAction(ctx, action, target);
          if (!previous) return html(reply.status(404), invalidLinkPage());
          const undo = { formAction: `${digestPaths[action]}/${request.params.token}/undo`, previous: JSON.stringify(previous) };
          return html(reply, linkActionDonePage(action, target.title, `${ctx.config.appUrl}${paths.history}`, undo));
        },
      );
      app.post(
        `${path}/undo`,
        {
          config: { anyOrigin: true },
          schema: {
            tags: ['digests'],
            summary: "Undoes a digest's one-tap action: the link as it was before",
            params: tokenParams,
            response: { 200: htmlPage, 400: errorAnswer, 404: htmlPage },
          },
        },
        async (request, reply) => {
          const target = await actionTarget(ctx, action, request.params.token);
          if (!target) return html(reply.status(404), invalidLinkPage());
          const state = previousState(request.body);
          if (!state) throw new HttpError(400, 'INVALID_UNDO', 'This undo is not valid.');
          await restoreLinkState(ctx, target, state);
          return html(reply, linkActionUndonePage(target.title, `${ctx.config.appUrl}${paths.history}`));
        },
      );
    }

    const hidePath = `${digestPaths.hideHighlight}/:token`;
    const highlightsUrl = `${ctx.config.appUrl}/highlights`;
    app.get(
      hidePath,
      { schema: { hide: true, params: tokenParams, response: { 200: htmlPage, 404: htmlPage } } },
      async (request, reply) => {
        const target = await highlightTarget(ctx, request.params.token);
        if (!target) return html(reply.status(404), invalidLinkPage());
        return html(reply, hideHighlightConfirmPage(target.quote, `${digestPaths.hideHighlight}/${request.params.token}`));
      },
    );
    for (const [suffix, hidden] of [
      ['', true],
      ['/undo', false],
    ] as const) {
      app.post(
        `${hidePath}${suffix}`,
        {
          // Posted by the confirmation page (`Origin: null`, as above); the token is the credential.
          config: { anyOrigin: true },
          schema: {
            tags: ['digests'],
            summary: hidden
              ? "A digest's one-tap action on its highlight of the day: don't show it again"
              : 'Undoes a digest\'s "Don\'t show this again": the highlight may come back',
            params: tokenParams,
            response: { 200: htmlPage, 404: htmlPage },
          },
        },
        async (request, reply) => {
          const target = await highlightTarget(ctx, request.params.token);
          if (!target) return html(reply.status(404), invalidLinkPage());
          await setHighlightHidden(ctx, target, hidden);
          return html(
            reply,
            hidden
              ? hideHighlightDonePage(target.quote, highlightsUrl, `${digestPaths.hideHighlight}/${request.params.token}/undo`)
              : hideHighlightUndonePage(target.quote, highlightsUrl),
          );
        },
      );
    }

    app.get(
      `${digestPaths.view}/:token`,
      { schema: { hide: true, params: tokenParams, response: { 200: htmlPage, 404: htmlPage } } },
      async (request, reply) => {
        const page = await webViewHtml(ctx, request.params.token);
        if (!page) return html(reply.status(404), invalidLinkPage());
        return html(reply.header('content-security-policy', webViewPolicy), page);
      },
    );
  };
}

/** False for a token that is not genuine; a genuine one without RFC 8058's body is a 400. */
async function unsubscribeIfOneClick(ctx: AppContext, token: string, body: unknown): Promise<boolean> {
  if (!isUnsubscribeToken(ctx, token)) return false;
  if (typeof body !== 'string' || !oneClick.test(body)) {
    throw new HttpError(400, 'NOT_ONE_CLICK', 'A one-click unsubscribe posts List-Unsubscribe=One-Click.');
  }
  return unsubscribe(ctx, token);
}

function html(reply: FastifyReply, page: string) {
  return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
}

/** The `previous` field of an Undo form: the link's state from before the action, or null when it is not one. */
function previousState(body: unknown): LinkActionState | null {
  if (typeof body !== 'string') return null;
  const previous = new URLSearchParams(body).get('previous');
  if (previous === null) return null;
  try {
    const parsed = linkActionState.safeParse(JSON.parse(previous));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
