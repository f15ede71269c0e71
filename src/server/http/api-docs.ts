import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document is generated from every route's zod schemas: declare them and it is documented. */
export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Stash API',
        version,
        description: 'Cookies for the web app; `Authorization: Bearer <token>` for scripts and the extension.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, session: { type: 'apiKey', in: 'cookie', name: 'stash.sid' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // No CSP of Swagger UI's own (its staticCSP forbids the <style> element its script adds, and the
  // browser logs a violation): the app's (http/security-headers.ts) covers these pages, whose
  // scripts are files and whose inline styles it already allows.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
