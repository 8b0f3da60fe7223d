/**
 * Descriptions of calls the API Link document lists but the Link app does not serve itself:
 * key management on the site (/api/v1/profile/api-keys, signed in), and /me and /webhooks as a
 * fallback. Never mounted: openApiDocument reads these only for paths the served app does not
 * have, so a mounted route's own describeRoute is what the document shows.
 */
import { Hono } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import {
  ApiKeyCreatedSchema,
  ApiKeyInputSchema,
  ApiKeySchema,
  MeSchema,
  WebhookInputSchema,
  WebhookSchema,
} from './schemas.ts';

const unserved = () => new Response(null, { status: 501 });
const ok = { description: 'Done' };

/** Key management lives on the site API (/api/v1) and takes the signed-in session, not a key. */
const site = {
  servers: [{ url: '/api/v1', description: 'The site API (signed in on the site)' }],
  security: [{ session: [] }],
};

export function contractRoutes() {
  const hooks = [{ name: 'id', in: 'path' as const, required: true, schema: { type: 'integer' as const } }];
  return new Hono()
    .post(
      '/profile/api-keys',
      describeRoute({
        ...site,
        tags: ['Keys'],
        summary: 'Create a key (at most 5 active); the key is shown once',
        requestBody: { content: { 'application/json': { schema: resolver(ApiKeyInputSchema) } } },
        responses: { 201: jsonResponse('The new key', ApiKeyCreatedSchema), ...errorResponses(400) },
      }),
      unserved,
    )
    .get(
      '/profile/api-keys',
      describeRoute({
        ...site,
        tags: ['Keys'],
        summary: "The account's keys (never the keys themselves)",
        responses: { 200: jsonResponse('Keys', v.object({ data: v.array(ApiKeySchema) })), ...errorResponses() },
      }),
      unserved,
    )
    .post(
      '/profile/api-keys/:id/roll',
      describeRoute({
        ...site,
        tags: ['Keys'],
        summary: 'Roll a key: a new key now, the old one keeps working for the overlap (default 24 hours)',
        parameters: hooks,
        responses: { 201: jsonResponse('The new key', ApiKeyCreatedSchema), ...errorResponses(404) },
      }),
      unserved,
    )
    .delete(
      '/profile/api-keys/:id',
      describeRoute({
        ...site,
        tags: ['Keys'],
        summary: 'Revoke a key at once',
        parameters: hooks,
        responses: { 204: ok, ...errorResponses(404) },
      }),
      unserved,
    )
    .get(
      '/me',
      describeRoute({
        tags: ['Account'],
        summary: 'The account, the key (name, scope), limits and usage so far',
        responses: { 200: jsonResponse('The caller', MeSchema), ...errorResponses() },
      }),
      unserved,
    )
    .get(
      '/webhooks',
      describeRoute({
        tags: ['Webhooks'],
        summary: 'The webhook endpoints of the account',
        responses: { 200: jsonResponse('Endpoints', v.object({ data: v.array(WebhookSchema) })), ...errorResponses() },
      }),
      unserved,
    )
    .post(
      '/webhooks',
      describeRoute({
        tags: ['Webhooks'],
        summary: 'Register an HTTPS endpoint for change events (signed per Standard Webhooks)',
        requestBody: { content: { 'application/json': { schema: resolver(WebhookInputSchema) } } },
        responses: {
          201: jsonResponse('The endpoint, with its whsec_ secret (shown once)', WebhookSchema),
          ...errorResponses(400),
        },
      }),
      unserved,
    )
    .patch(
      '/webhooks/:id',
      describeRoute({
        tags: ['Webhooks'],
        summary: 'Change an endpoint (url, events, enabled)',
        parameters: hooks,
        requestBody: { content: { 'application/json': { schema: resolver(WebhookInputSchema) } } },
        responses: { 200: jsonResponse('The endpoint', WebhookSchema), ...errorResponses(400, 404) },
      }),
      unserved,
    )
    .delete(
      '/webhooks/:id',
      describeRoute({
        tags: ['Webhooks'],
        summary: 'Remove an endpoint',
        parameters: hooks,
        responses: { 204: ok, ...errorResponses(404) },
      }),
      unserved,
    )
    .post(
      '/webhooks/:id/test',
      describeRoute({
        tags: ['Webhooks'],
        summary: 'Send a test event to the endpoint',
        parameters: hooks,
        responses: { 202: ok, ...errorResponses(404) },
      }),
      unserved,
    )
    .get(
      '/webhooks/:id/deliveries',
      describeRoute({
        tags: ['Webhooks'],
        summary: 'Recent deliveries of an endpoint, with their attempts',
        parameters: hooks,
        responses: { 200: ok, ...errorResponses(404) },
      }),
      unserved,
    );
}
