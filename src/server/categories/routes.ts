import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { errorAnswer } from '../http/errors';
import { requireUser, signedIn } from '../auth/request-user';
import { categoryCountList, categoryItem, categoryList, createCategoryBody, idParams, usedCategoryList } from '../../shared/links-schemas';
import { publishCategoryBody } from '../../shared/sharing';
import { publishCategory } from './publishing';
import { countLinksByCategory, createCategory, deleteCategory, listCustomCategories, listUsedCategories } from './service';

const errors = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 404: errorAnswer, 409: errorAnswer };

/** The signed-in user's custom categories and the categories on their links (docs/product/categories.md). */
export function categoryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = ctx.database;
    const schema = (summary: string) => ({ tags: ['categories'], summary });
    app.addHook('onRequest', requireUser(ctx));

    app.get(
      '/api/categories',
      {
        schema: {
          ...schema('Custom categories (the ten presets are in src/shared/categories.ts)'),
          response: { 200: categoryList, ...errors },
        },
      },
      async (request) => listCustomCategories(ctx, signedIn(request).user.id),
    );

    app.get(
      '/api/categories/all-used',
      { schema: { ...schema("Every category name on the user's links"), response: { 200: usedCategoryList, ...errors } } },
      async (request) => listUsedCategories(db, signedIn(request).user.id),
    );

    app.get(
      '/api/categories/with-counts',
      { schema: { ...schema('How many links carry each category'), response: { 200: categoryCountList, ...errors } } },
      async (request) => countLinksByCategory(db, signedIn(request).user.id),
    );

    app.post(
      '/api/categories',
      {
        schema: {
          ...schema('Create a custom category (Pro and trial)'),
          body: createCategoryBody,
          response: { 201: categoryItem, ...errors },
        },
      },
      async (request, reply) => reply.status(201).send(await createCategory(ctx, signedIn(request), request.body.name)),
    );

    app.patch(
      '/api/categories/:id',
      {
        schema: {
          ...schema('Publish or unpublish a custom category, with its options (Pro and trial to publish; docs/sharing.md)'),
          params: idParams,
          body: publishCategoryBody,
          response: { 200: categoryItem, ...errors },
        },
      },
      async (request) => publishCategory(ctx, signedIn(request), request.params.id, request.body),
    );

    app.delete(
      '/api/categories/:id',
      { schema: { ...schema('Delete a custom category; links keep the name'), params: idParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteCategory(db, signedIn(request).user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
