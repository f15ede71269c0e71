import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createUser, OWN_ORIGIN, sessionCookieFrom, signIn } from '../../../tests/support/factories';
import { startOidcTestProvider, type OidcTestProvider, type TestPerson } from '../../../tests/support/oidc-test-provider';
import { providerRoundTrip } from '../../../tests/support/provider-sign-in';
import { startTestApp, type TestApp } from '../../../tests/support/test-app';

/*
 * No input produces a 500 (docs/product/errors-and-limits.md, API errors): every route the app registers gets bodies,
 * queries and path parameters shaped like its schema but filled with hostile strings — NUL and
 * other control characters, lone surrogates, line breaks, huge strings, nested JSON — as a
 * signed-in administrator, so the strings reach past authentication into the services.
 */

const ADMIN = 'hostile-admin@example.com';

// Every route as Fastify registers it (hidden ones too), with its zod schemas.
const registered = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const watched = ((options: object) => {
    const app = real.default(options);
    app.addHook('onRoute', (route) => void registered.push(route));
    return app;
  }) as unknown as typeof real.default;
  return { ...real, default: watched };
});

type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** The JSON schema of what a client sends (before the zod transforms). */
const inputSchema = (schema: unknown): JsonSchema | undefined =>
  schema instanceof z.ZodType ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;

const nested = (depth: number): string => '['.repeat(depth) + ']'.repeat(depth);

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    'Ann\u0000e',
    '\u0001\u0007\u001b[31m\u007f\u0085',
    '\ud800',
    'x\udfff',
    '\udc00\ud800',
    'line\nbreak\r\nand\u2028more',
    '\ufeff',
    ' ',
    '',
    '%00',
    "'; drop table users; --",
    '{"a":{"b":[1,2,{"c":null}]}}',
    nested(5000),
    'x'.repeat(100_000),
    '\u0000'.repeat(5000),
    'https://example.com/\u0000',
    'a\u0000@example.com',
    '00000000-0000-0000-0000-00000000000\u0000',
  ),
  fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udc00', '\n', '\u007f', 'é', 'a', '😀', '\u202e', '/', '%'), maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

let unique = 0;
/** What a well-meaning client would send for a string of this format, so the other fields let the hostile one through. */
function plausibleString(format: string | undefined): fc.Arbitrary<string> {
  switch (format) {
    case 'email':
      return fc.constant(null).map(() => `plausible${++unique}@example.com`);
    case 'uri':
      return fc.constant('https://example.com/page');
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.constant(new Date().toISOString());
    default:
      return fc.constantFrom('Plain text', 'plain-text-0123456789', 'UTC');
  }
}

/** A value shaped like the schema (so it passes the outer checks) with hostile strings inside. */
function valueFor(schema: JsonSchema | undefined, depth = 0, name = ''): fc.Arbitrary<unknown> {
  const anything = fc.oneof(hostileString, fc.constant(JSON.parse(nested(500))), fc.jsonValue({ maxDepth: 3 }));
  if (!schema || depth > 4) return anything;
  if (schema.nullable) return fc.oneof(fc.constant(null), valueFor({ ...schema, nullable: false }, depth, name));
  const choices = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (choices) return fc.oneof(...choices.map((choice) => valueFor(choice, depth + 1)));
  if (schema.enum) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...schema.enum) }, { weight: 1, arbitrary: hostileString });
  if (schema.const !== undefined)
    return fc.oneof({ weight: 3, arbitrary: fc.constant(schema.const) }, { weight: 1, arbitrary: hostileString });
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, valueFor(property, depth + 1, key)]),
      );
      return fc.oneof(
        { weight: 4, arbitrary: fc.record(properties) },
        { weight: 2, arbitrary: fc.record(properties, { requiredKeys: [] }) },
        { weight: 1, arbitrary: anything },
      );
    }
    case 'array':
      return fc.oneof(
        { weight: 3, arbitrary: fc.array(valueFor(schema.items, depth + 1), { maxLength: 3 }) },
        { weight: 1, arbitrary: anything },
      );
    case 'integer':
    case 'number':
      return fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer(), fc.double(), hostileString);
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileString);
    default:
      // A zod pipe (the e-mail fields) loses its format in the document: the field's name tells it.
      return fc.oneof(
        { weight: 2, arbitrary: hostileString },
        { weight: 1, arbitrary: plausibleString(schema.format ?? (/email/i.test(name) ? 'email' : /url/i.test(name) ? 'uri' : undefined)) },
      );
  }
}

/** Percent-encodes every UTF-8 byte, so lone surrogates (as U+FFFD) and NUL reach the router too. */
const encode = (value: unknown) =>
  [...Buffer.from(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), 'utf8')]
    .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
    .join('');

let t: TestApp;
let idp: OidcTestProvider;
let routes: { method: string; url: string; params?: JsonSchema; query?: JsonSchema; body?: JsonSchema }[];

beforeAll(async () => {
  idp = await startOidcTestProvider({ redirectUris: ['http://localhost:3000/api/auth/oidc/callback'] });
  t = await startTestApp({
    env: { ADMIN_EMAILS: ADMIN, OIDC_ISSUER_URL: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret },
  });
  routes = registered
    .filter((route) => route.url.startsWith('/') && !route.url.includes('*') && !route.url.startsWith('/api/docs'))
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
        .map((method) => ({
          method,
          url: route.url,
          params: inputSchema(route.schema?.params),
          query: inputSchema(route.schema?.querystring),
          body: inputSchema(route.schema?.body),
        })),
    );
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
});

describe('hostile input', () => {
  it('covers the routes, hidden ones too', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.map((route) => route.url)).toContain('/dev/mailbox/:id');
  });

  it('never answers 500 on any route', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const { method, url: path, params, query: querySchema, body: bodySchema } of routes) {
      if (path === '/api/logout') continue;
      // A fresh administrator per route: a route that deletes the account or signs out spoils only its own runs.
      const admin = await createUser(t.ctx, {
        email: `${path.replace(/\W+/g, '-')}-${method}@example.com`.toLowerCase(),
        emailVerified: true,
      });
      const cookie = await signIn(t, admin);
      const pathNames = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const input = fc.record({
        path: fc.record(Object.fromEntries(pathNames.map((name) => [name, valueFor(params?.properties?.[name], 0, name)]))),
        query: fc.record(
          Object.fromEntries(Object.entries(querySchema?.properties ?? {}).map(([name, schema]) => [name, valueFor(schema, 0, name)])),
          { requiredKeys: [] },
        ),
        body: bodySchema ? valueFor(bodySchema) : method === 'GET' || method === 'DELETE' ? fc.constant(undefined) : valueFor(undefined),
      });
      await fc
        .assert(
          fc.asyncProperty(input, async ({ path: pathValues, query, body }) => {
            const url =
              path.replace(/:(\w+)/g, (_, name: string) => encode(pathValues[name])) +
              (Object.keys(query).length
                ? '?' +
                  Object.entries(query)
                    .map(([key, value]) => `${key}=${encode(value)}`)
                    .join('&')
                : '');
            const res = await t.app.inject({
              method: method as 'GET',
              url,
              headers: { ...OWN_ORIGIN, cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
              ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
            });
            if (res.statusCode >= 500)
              failures.push(`${method} ${path} → ${res.statusCode} ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 200)}`);
            return res.statusCode < 500;
          }),
          { numRuns: 30, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  });
});

describe('hostile profile claims from a sign-in provider', () => {
  // What a provider's ID token may say about a person: hostile names, addresses and verification flags.
  const claims = fc.record(
    {
      given_name: hostileString,
      family_name: hostileString,
      name: hostileString,
      // Mostly a good, verified address, so that most runs go on to make an account from the names.
      email: fc.oneof(
        { weight: 3, arbitrary: fc.constant(null).map(() => `claims${++unique}@idp.example`) },
        { weight: 1, arbitrary: hostileString },
        { weight: 1, arbitrary: fc.constant('a\u0000b@idp.example') },
      ),
      email_verified: fc.oneof(
        { weight: 3, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constantFrom(false, 'true', 'false') },
        { weight: 1, arbitrary: hostileString },
      ),
    },
    { requiredKeys: ['email', 'email_verified'] },
  );

  it('never answer 500 at the callback, and whatever account they make has one-line names', { timeout: 300_000 }, async () => {
    let run = 0;
    let accounts = 0;
    await fc.assert(
      fc.asyncProperty(claims, async (person) => {
        const login = `hostile-claims-${++run}`;
        idp.people.set(login, person as TestPerson);
        // A client address of its own per run: the sign-up and callback limits are not what is tested here.
        const { callback } = await providerRoundTrip(t, 'oidc', login, { remoteAddress: `10.1.${Math.floor(run / 250)}.${run % 250}` });
        expect(callback.statusCode).toBeLessThan(500);
        const cookie = sessionCookieFrom(t, callback);
        if (!cookie) return;
        accounts++;
        const me = (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).json();
        for (const name of [me.firstName, me.lastName]) {
          expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
          expect(name.length).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 40 },
    );
    expect(accounts).toBeGreaterThan(5);
  });
});
