/**
 * The API Link contract check: every answer an API test receives from /api/link/v1 is held
 * against the published OpenAPI document (GET /api/link/v1/openapi.json of the same app).
 *
 * - the path and method must be an operation of the document; a known path with another
 *   method must answer 405, an unknown path 404 (both in the error shape);
 * - the status must be listed for that operation;
 * - a JSON body must match the documented schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1
 *   uses it), with every object closed: a field the document does not describe fails;
 * - any other body must have a content type the operation lists.
 *
 * createTestApp (tests/api/helpers.ts) wraps `app.request` with `checkedLinkRequest`, so every
 * Link call of every API test, on both engines, is checked; a mismatch throws
 * LinkContractError from the call, failing the test.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { LINK_BASE } from '../../api/link/base.ts';

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Json }> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Json> } };

export class LinkContractError extends Error {}

/** `schema` with every object that lists properties closed to others (unless it says otherwise). */
export function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema)) {
    // property names are data, not schemas
    out[k] =
      k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, closed(s)])) : closed(v);
  }
  if (out.properties && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) {
    out.additionalProperties = false;
  }
  return out;
}

/** One checker per document (the document is the same for every test app of a run). */
export function contractChecker(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    ajv.addSchema(closed(schema) as Json, `#/components/schemas/${name}`);
  }
  const compiled = new Map<object, ValidateFunction>();
  const compile = (schema: Json) => {
    let fn = compiled.get(schema);
    if (!fn) {
      fn = ajv.compile(closed(schema) as Json);
      compiled.set(schema, fn);
    }
    return fn;
  };
  const templates = Object.keys(doc.paths).map((p) => ({
    path: p,
    re: new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    fixed: !p.includes('{'),
  }));
  // a fixed path wins over a template (/stones/availability before /stones/{stock_code})
  templates.sort((a, b) => Number(b.fixed) - Number(a.fixed));

  return async function check(method: string, path: string, res: Response): Promise<void> {
    const where = `${method} ${path} -> ${res.status}`;
    const fail = (why: string) => {
      throw new LinkContractError(`API Link answer not in the document: ${where}: ${why}`);
    };
    const body = res.status === 204 || res.status === 304 || method === 'HEAD' ? '' : await res.clone().text();
    const template = templates.find((t) => t.re.test(path));
    const m = method === 'HEAD' ? 'get' : method.toLowerCase();
    const op = template ? doc.paths[template.path]![m] : undefined;
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    if (!op) {
      // the only answers outside the operations: 404 for an unknown path, 405 for a known path
      const expected = template ? 405 : 404;
      if (m === 'options' && res.status === 204) return;
      if (res.status !== expected)
        fail(`expected ${expected} for a ${template ? 'method not served' : 'path not served'}`);
      if (template && !res.headers.get('allow')) fail('405 without an Allow header');
      return;
    }
    const answer = op.responses[String(res.status)] ?? op.responses.default;
    if (!answer) fail(`status not documented (documented: ${Object.keys(op.responses).join(', ')})`);
    const content = answer!.content;
    if (!content || body === '') {
      if (body !== '' && !res.headers.get('content-encoding')) fail('a body where the document lists none');
      return;
    }
    const media = content[type];
    if (!media) fail(`content type "${type}" not documented (documented: ${Object.keys(content).join(', ')})`);
    if (type !== 'application/json' || !media!.schema || res.headers.get('content-encoding')) return;
    const validate = compile(media!.schema);
    if (!validate(JSON.parse(body))) {
      const why = (validate.errors ?? []).map((e) => {
        const extra = (e.params as { additionalProperty?: string }).additionalProperty;
        return `${e.instancePath || '(body)'} ${e.message}${extra ? `: "${extra}"` : ''}`;
      });
      fail(`${why.join('; ')}\nbody: ${body.slice(0, 600)}`);
    }
  };
}

const checkers = new WeakMap<object, Promise<ReturnType<typeof contractChecker>>>();

type Requester = (input: string | Request | URL, init?: RequestInit, ...rest: never[]) => Response | Promise<Response>;

/**
 * `request` (an app's `request`) checking each API Link answer against the document the same
 * app serves. Other paths pass untouched.
 */
export function checkedLinkRequest<R extends Requester>(app: object, request: R): R {
  const checker = () => {
    let c = checkers.get(app);
    if (!c) {
      c = Promise.resolve(request(`${LINK_BASE}/openapi.json`)).then(async (r) =>
        contractChecker((await r.json()) as Doc),
      );
      checkers.set(app, c);
    }
    return c;
  };
  return (async (input: string | Request | URL, init?: RequestInit, ...rest: never[]) => {
    const res = await request(input, init, ...rest);
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    if (!url.pathname.startsWith(`${LINK_BASE}/`)) return res;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    await (
      await checker()
    )(method, url.pathname.slice(LINK_BASE.length), res);
    return res;
  }) as R;
}
