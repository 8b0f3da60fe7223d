/**
 * The second document: the site API calls that manage API Link keys, signed in on the site
 * (session cookie, /api/v1/profile/api-keys*), served at GET /api/v1/openapi.json. Kept apart
 * from the Link document (a key never calls these, and tools reading that document would send
 * them to the Link server). Described here, served by api/routes/api-keys.ts.
 */
import { Hono } from 'hono';
import { describeRoute, generateSpecs, resolver } from 'hono-openapi';
import type { OpenAPIV3_1 } from 'openapi-types';
import * as v from 'valibot';
import { NewKeySchema, RollKeySchema } from '../../src/domain/validation/api-keys.ts';
import { errorResponses, jsonResponse, withSharedErrors } from './openapi-responses.ts';
import { API_SCOPES } from './schemas.ts';

const iso = v.nullable(v.pipe(v.string(), v.isoTimestamp()));
const KeySchema = v.object({
  id: v.number(),
  name: v.string(),
  scope: v.picklist(API_SCOPES),
  last4: v.pipe(v.string(), v.description("The key's last four characters")),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  lastUsedAt: iso,
  lastUsedIp: v.nullable(v.string()),
  expiresAt: v.pipe(iso, v.description('Set when rolled: the end of the overlap')),
  replacedBy: v.nullable(v.number()),
});
const NewKey = v.object({ ...KeySchema.entries, key: v.pipe(v.string(), v.description('Shown once, never again')) });
const KeyList = v.object({ docs: v.array(KeySchema), maxActive: v.number(), retailMarkupPct: v.number() });
const Rolled = v.object({
  ...NewKey.entries,
  replaces: v.object({ id: v.number(), expiresAt: v.pipe(v.string(), v.isoTimestamp()) }),
});

const key = {
  id: 3,
  name: 'Stock sync',
  scope: 'trade',
  last4: 'x9Qa',
  createdAt: '2026-05-04T09:30:00.000Z',
  lastUsedAt: null,
  lastUsedIp: null,
  expiresAt: null,
  replacedBy: null,
};
const made = { ...key, key: 'ftk_t_4kQm9ZrT2xWb7NcV1pLs0aJx9Qa' };
const idParam = [{ name: 'id', in: 'path' as const, required: true, schema: { type: 'integer' as const, minimum: 1 } }];
const json = (schema: Parameters<typeof resolver>[0], example: unknown) => ({
  required: true,
  content: { 'application/json': { schema: resolver(schema), example } },
});
const unserved = () => new Response(null, { status: 501 });
const tags = ['Keys'];

function keyRoutes() {
  return new Hono()
    .get(
      '/profile/api-keys',
      describeRoute({
        tags,
        summary: "The account's keys (never the keys themselves), with their scope",
        responses: {
          200: jsonResponse('Keys', KeyList, { docs: [key], maxActive: 5, retailMarkupPct: 40 }),
          ...errorResponses(),
        },
      }),
      unserved,
    )
    .post(
      '/profile/api-keys',
      describeRoute({
        tags,
        summary: 'Create a key (at most 5 active); the key is shown once',
        requestBody: json(NewKeySchema, { name: 'Stock sync', scope: 'trade' }),
        responses: { 201: jsonResponse('The new key', NewKey, made), ...errorResponses(409) },
      }),
      unserved,
    )
    .post(
      '/profile/api-keys/:id/roll',
      describeRoute({
        tags,
        summary: 'Roll a key: a new key now, the old one keeps working for the overlap (default 24 hours)',
        parameters: idParam,
        requestBody: json(RollKeySchema, { overlapHours: 24 }),
        responses: {
          201: jsonResponse('The new key', Rolled, {
            ...made,
            replaces: { id: 2, expiresAt: '2026-05-05T09:30:00.000Z' },
          }),
          ...errorResponses(404, 409),
        },
      }),
      unserved,
    )
    .delete(
      '/profile/api-keys/:id',
      describeRoute({
        tags,
        summary: 'Revoke a key at once',
        parameters: idParam,
        responses: { 200: jsonResponse('The revoked key', KeySchema, key), ...errorResponses(404) },
      }),
      unserved,
    );
}

/** The document of the site's key-management calls (GET /api/v1/openapi.json). */
export async function siteKeysDocument(): Promise<OpenAPIV3_1.Document> {
  const spec = await generateSpecs(keyRoutes(), { defaultValidationErrorResponse: false });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Facet Trade site API: API Link keys',
      version: '1.0.0',
      description:
        'Managing API Link keys from the account page, signed in on the site (the session cookie; an Origin header from the site on writes). The keys themselves call the API Link, described at /api/link/v1/openapi.json.',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ session: [] }],
    tags: [{ name: 'Keys', description: 'API Link keys of the signed-in account' }],
    paths: await withSharedErrors(spec.paths),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The site session (`__Host-sid` on https)' },
      },
    },
  } as OpenAPIV3_1.Document;
}

/** GET /api/v1/openapi.json (public): built once, then served from memory. */
export function siteOpenApiRoutes() {
  let doc: Promise<OpenAPIV3_1.Document> | undefined;
  return new Hono().get('/', async (c) => {
    doc ??= siteKeysDocument();
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(await doc);
  });
}
