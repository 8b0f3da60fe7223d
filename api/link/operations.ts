/**
 * API Link answers what its document says, for any route (every route describes itself with
 * describeRoute, so a route added later is covered without a change here):
 *
 * - a path the document does not list: 404 not_found (before the key is looked at);
 * - a listed path with a method it does not serve (TRACE, PUT, ...): 405 method_not_allowed
 *   with `Allow`; OPTIONS (not a CORS preflight) 204 with `Allow`;
 * - a query parameter the call does not take: 400 naming it (a misspelt filter must not return
 *   the unfiltered list).
 */
import type { Env, Hono, MiddlewareHandler, Schema } from 'hono';
import type { OpenAPIV3_1 } from 'openapi-types';
import { HttpError } from '../middleware/errors.ts';
import { LINK_BASE } from './base.ts';
import { documentOf } from './openapi.ts';
import { UNKNOWN_PARAM } from './schemas.ts';

type Operation = OpenAPIV3_1.OperationObject;
type Template = { re: RegExp; fixed: boolean; ops: Map<string, Operation> };

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

function templatesOf(doc: OpenAPIV3_1.Document): Template[] {
  const list = Object.entries(doc.paths ?? {}).map(([path, item]) => ({
    re: new RegExp(`^${escape(path).replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+')}$`),
    fixed: !path.includes('{'),
    ops: new Map(METHODS.flatMap((m) => (item?.[m] ? [[m.toUpperCase(), item[m] as Operation] as const] : []))),
  }));
  // a fixed path wins over a template: /stones/availability is not /stones/{stock_code}
  return list.sort((a, b) => Number(b.fixed) - Number(a.fixed));
}

export function linkOperations<E extends Env, S extends Schema, P extends string>(app: Hono<E, S, P>) {
  let templates: Promise<Template[]> | undefined;
  const find = async (fullPath: string) => {
    templates ??= documentOf(app).then(templatesOf);
    const path = fullPath.slice(LINK_BASE.length) || '/';
    return (await templates).find((t) => t.re.test(path));
  };

  /** 404 for unknown paths, 405/OPTIONS for methods; before authentication. */
  const methods: MiddlewareHandler = async (c, next) => {
    const t = await find(c.req.path);
    if (!t) throw new HttpError(404, 'not_found');
    const allowed = [...t.ops.keys()];
    if (allowed.includes('GET')) allowed.push('HEAD');
    allowed.push('OPTIONS');
    const method = c.req.method.toUpperCase();
    if (method === 'OPTIONS') return c.body(null, 204, { Allow: allowed.join(', ') });
    if (!allowed.includes(method)) {
      c.header('Allow', allowed.join(', '));
      throw new HttpError(405, 'method_not_allowed', { allow: allowed });
    }
    await next();
  };

  /** 400 naming every query parameter the operation does not take. */
  const query: MiddlewareHandler = async (c, next) => {
    const t = await find(c.req.path);
    const method = c.req.method.toUpperCase() === 'HEAD' ? 'GET' : c.req.method.toUpperCase();
    const op = t?.ops.get(method);
    if (op) {
      const known = new Set((op.parameters ?? []).flatMap((p) => ('in' in p && p.in === 'query' ? [p.name] : [])));
      const unknown = [...new Set(new URL(c.req.url).searchParams.keys())].filter((k) => !known.has(k));
      if (unknown.length)
        throw new HttpError(
          400,
          unknown.map((param) => ({ param, msg: UNKNOWN_PARAM })),
        );
    }
    await next();
  };
  return { methods, query };
}
