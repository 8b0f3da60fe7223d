/**
 * Request validation as route middleware, so a route's input types reach the typed client
 * (src/lib/api.ts) and the handler reads `c.req.valid('json' | 'query' | 'param')`:
 *
 *   .patch('/:id', idParams({ id: 'post_not_found' }), jsonIn(PostUpdateSchema), async (c) => ...)
 *
 * Every failure answers the one error shape (errors.ts): field errors as 400
 * `{ errors: { msg: [{ param, msg }] } }`, 415 / 400 invalid_json for bodies (json-body.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { validator } from 'hono/validator';
import type * as v from 'valibot';
import type { AppEnv } from '../types.ts';
import { HttpError, parseOr400 } from './errors.ts';
import { readJson } from './json-body.ts';

type Validated<T extends string, In, Out> = { in: { [K in T]: In }; out: { [K in T]: Out } };

/**
 * The JSON body, checked by `schema` (readJson: 415 for another media type, 400 'invalid_json',
 * then field errors). Hono's json `validator` is not used for the body: it answers malformed
 * JSON with a message of its own and lets other media types through as `{}`. Like it, this
 * hands the checked value on with `addValidatedData`.
 */
export const jsonIn =
  <S extends v.GenericSchema>(
    schema: S,
  ): MiddlewareHandler<AppEnv, string, Validated<'json', v.InferInput<S>, v.InferOutput<S>>> =>
  async (c, next) => {
    c.req.addValidatedData('json', (await readJson(c, schema)) as object);
    await next();
  };

/**
 * The query string, checked by `schema` (the first value of a repeated key, as `c.req.query()`).
 * The client may send numbers (sent as text) and null (left out).
 */
export const queryIn =
  <S extends v.GenericSchema>(
    schema: S,
  ): MiddlewareHandler<AppEnv, string, Validated<'query', QueryInput<v.InferInput<S>>, v.InferOutput<S>>> =>
  async (c, next) => {
    c.req.addValidatedData('query', parseOr400(schema, c.req.query()) as object);
    await next();
  };

type QueryInput<I> = { [K in keyof I]: I[K] | number | null };

const ID = /^\d{1,12}$/;

/**
 * Numeric path ids, each named with its resource's not-found message:
 * `idParams({ id: 'customer_not_found', keyId: 'key_not_found' })`. An id is whole digits, at
 * most 12 of them, read as a number; anything else names no resource, so it answers 404 with
 * that message.
 */
export const idParams = <N extends string>(notFound: Record<N, string>) =>
  validator('param', (params: Record<N, string>): Record<N, number> => {
    const out = {} as Record<N, number>;
    for (const name of Object.keys(notFound) as N[]) {
      const raw = params[name];
      if (!ID.test(raw)) throw new HttpError(404, notFound[name]);
      out[name] = Number(raw);
    }
    return out;
  });
