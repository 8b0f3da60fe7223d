/**
 * The API Link contract check: every answer an API test receives from /api/link/v1 is held
 * against the published OpenAPI document (GET /api/link/v1/openapi.json of the same app).
 *
 * - the path and method must be an operation of the document; a known path with another
 *   method must answer 405, an unknown path 404 (both in the error shape);
 * - the status must be listed for that operation, by itself: a `default` answer is refused,
 *   since it would document every status;
 * - a JSON body must match the documented schema (ajv, JSON Schema 2020-12 as OpenAPI 3.1
 *   uses it), with every object closed: a field the document does not describe fails;
 * - an error's `options` never name a stone by its internal id (`stock`, `diamondId`, ...):
 *   stones are named by stock code;
 * - any other body must have a content type the operation lists (an event stream too: its
 *   events are checked by the test reading them, `linkEventChecker`).
 *
 * createTestApp (tests/api/helpers.ts) wraps `app.request` with `checkedLinkRequest`, so every
 * Link call of every API test, on both engines, is checked; a mismatch throws
 * LinkContractError from the call, failing the test.
 *
 * Webhook bodies likewise: `checkWebhookBody(body)` holds a delivered body against the
 * document's `webhooks` section (its `type` must be listed; `data` as described, closed). The
 * test receivers (tests/api/webhook-helpers.ts `startReceiver`) check every body they receive
 * and fail the test when one does not match.
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { LINK_BASE } from '../../api/link/base.ts';

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, { content?: Record<string, { schema?: Json }> }> };
type WebhookItem = { post: { requestBody: { content: Record<string, { schema: Json }> } } };
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, WebhookItem>;
  components?: { schemas?: Record<string, Json> };
};

/** Names of an internal stone id in an error's options: a stone is named by its stock code. */
const INTERNAL_STONE_IDS = [
  'stock',
  'stock_id',
  'stockId',
  'diamond',
  'diamondId',
  'diamond_id',
  'stone_id',
  'stoneId',
];

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
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
    // an event stream stays open: its type is checked here, its events by the test that reads them
    const streaming = type === 'text/event-stream';
    const body =
      res.status === 204 || res.status === 304 || method === 'HEAD' || streaming ? '' : await res.clone().text();
    const template = templates.find((t) => t.re.test(path));
    const m = method === 'HEAD' ? 'get' : method.toLowerCase();
    const op = template ? doc.paths[template.path]![m] : undefined;
    if (!op) {
      // the only answers outside the operations: 404 for an unknown path, 405 for a known path
      const expected = template ? 405 : 404;
      if (m === 'options' && res.status === 204) return;
      if (res.status !== expected)
        fail(`expected ${expected} for a ${template ? 'method not served' : 'path not served'}`);
      if (template && !res.headers.get('allow')) fail('405 without an Allow header');
      return;
    }
    if ('default' in op.responses) fail('a `default` answer documents any status: list each status instead');
    const answer = op.responses[String(res.status)];
    if (!answer) fail(`status not documented (documented: ${Object.keys(op.responses).join(', ')})`);
    const content = answer!.content;
    if (streaming && !content?.[type]) fail(`content type "${type}" not documented`);
    if (!content || body === '') {
      if (body !== '' && !res.headers.get('content-encoding')) fail('a body where the document lists none');
      return;
    }
    const media = content[type];
    if (!media) fail(`content type "${type}" not documented (documented: ${Object.keys(content).join(', ')})`);
    if (type !== 'application/json' || !media!.schema || res.headers.get('content-encoding')) return;
    const validate = compile(media!.schema);
    const parsed = JSON.parse(body) as { errors?: { options?: Json } };
    if (res.status >= 400 && parsed.errors?.options) {
      const named = INTERNAL_STONE_IDS.filter((k) => k in parsed.errors!.options!);
      if (named.length) fail(`an error names a stone by its internal id (${named.join(', ')}): use its stock code`);
    }
    if (!validate(parsed)) {
      const why = (validate.errors ?? []).map((e) => {
        const extra = (e.params as { additionalProperty?: string }).additionalProperty;
        return `${e.instancePath || '(body)'} ${e.message}${extra ? `: "${extra}"` : ''}`;
      });
      fail(`${why.join('; ')}\nbody: ${body.slice(0, 600)}`);
    }
  };
}

/** A checker of delivered webhook bodies against the document's `webhooks` section. */
export function webhookBodyChecker(doc: Doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  return (body: string): void => {
    const fail = (why: string): never => {
      throw new LinkContractError(`webhook body not in the document: ${why}\nbody: ${body.slice(0, 600)}`);
    };
    let payload: { type?: unknown };
    try {
      payload = JSON.parse(body) as { type?: unknown };
    } catch {
      return fail('not JSON');
    }
    const type = String(payload.type);
    const item = doc.webhooks?.[type];
    if (!item) return fail(`event type "${type}" not listed under \`webhooks\``);
    let validate = compiled.get(type);
    if (!validate) {
      validate = ajv.compile(closed(item.post.requestBody.content['application/json']!.schema) as Json);
      compiled.set(type, validate);
    }
    if (!validate(payload)) {
      const why = (validate.errors ?? []).map((e) => {
        const extra = (e.params as { additionalProperty?: string }).additionalProperty;
        return `${e.instancePath || '(body)'} ${e.message}${extra ? `: "${extra}"` : ''}`;
      });
      fail(`${type}: ${why.join('; ')}`);
    }
  };
}

const checkers = new WeakMap<object, Promise<ReturnType<typeof contractChecker>>>();

type Requester = (input: string | Request | URL, init?: RequestInit, ...rest: never[]) => Response | Promise<Response>;

/** The unchecked `request` of the latest app wrapped: where the receivers read the document. */
let latestRequest: Requester | undefined;
let webhookCheck: Promise<(body: string) => void> | undefined;

/**
 * Throws LinkContractError unless `body` (a delivered webhook body) is what the document's
 * `webhooks` section describes. The document is the one the test apps serve (the same for
 * every app of a run), read once.
 */
export async function checkWebhookBody(body: string): Promise<void> {
  if (!latestRequest)
    throw new LinkContractError('no test app yet: make one (createTestApp) before receiving webhooks');
  const request = latestRequest;
  webhookCheck ??= Promise.resolve(request(`${LINK_BASE}/openapi.json`)).then(async (r) =>
    webhookBodyChecker((await r.json()) as Doc),
  );
  (await webhookCheck)(body);
}

/**
 * `request` (an app's `request`) checking each API Link answer against the document the same
 * app serves. Other paths pass untouched.
 */
export function checkedLinkRequest<R extends Requester>(app: object, request: R): R {
  latestRequest = request;
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
