/**
 * A small form state hook over a valibot schema (the same schema the API parses with, so
 * the browser shows the API's words). Errors are the first issue per field (dot path, e.g.
 * `tradeReferences`); a field shows its error once it was typed in and left, or a submit was tried.
 * Server answers are mapped by `serverError()`: the first field error against its field when
 * the form has that field, otherwise a general message (cleaned by the API client).
 * After a refused submit (by the rules or by the server) the first field in error inside
 * `formRef` is scrolled into view and focused, so a long form never hides its error.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';
import { ApiError, cleanMessage } from '../../lib/api.ts';

export type Errors = Record<string, string>;

export function firstIssues(issues: readonly v.BaseIssue<unknown>[]): Errors {
  const out: Errors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    // tradeReferences.0 and tradeReferences both show under the list
    const field = key.startsWith('tradeReferences') ? 'tradeReferences' : key;
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}

export function validate<S extends v.GenericSchema>(schema: S, values: unknown): Errors {
  const r = v.safeParse(schema, values);
  return r.success ? {} : firstIssues(r.issues);
}

/**
 * The message of a failed call as the Error dialog shows it: the field error's message when
 * the API names one, else the error's message in words ('invalid_credentials' -> 'Invalid
 * credentials'); 'Something went wrong' for anything that is not an Error.
 */
export function generalMessage(err: unknown): string {
  if (err instanceof ApiError) {
    const f = err.fieldError;
    return f ? f.msg : err.message;
  }
  return err instanceof Error ? cleanMessage(err.message) : 'Something went wrong';
}

type Walkable = {
  entries?: Record<string, unknown>;
  pipe?: unknown[];
  wrapped?: unknown;
  type?: string;
  requirement?: unknown;
};

/**
 * The longest value the schema allows for a field (its maxLength rule), read from the schema
 * itself so the field can stop at the same limit the API holds; undefined when it has none.
 */
export function lengthLimit(schema: unknown, name: string): number | undefined {
  const find = (node: unknown, depth: number): number | undefined => {
    const n = node as Walkable | undefined;
    if (!n || depth > 6) return undefined;
    if (n.type === 'max_length' && typeof n.requirement === 'number') return n.requirement;
    for (const part of n.pipe ?? []) {
      const hit = find(part, depth + 1);
      if (hit !== undefined) return hit;
    }
    return find(n.wrapped, depth + 1);
  };
  const objectOf = (node: unknown, depth: number): Walkable | undefined => {
    const n = node as Walkable | undefined;
    if (!n || depth > 4) return undefined;
    if (n.entries) return n;
    return objectOf(n.pipe?.[0], depth + 1) ?? objectOf(n.wrapped, depth + 1);
  };
  return find(objectOf(schema, 0)?.entries?.[name], 0);
}

export const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function useForm<T extends Record<string, unknown>>(schema: v.GenericSchema, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const [tried, setTried] = useState(false);
  const [server, setServer] = useState<Errors>({});
  const [general, setGeneral] = useState('');
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refused === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.scrollIntoView({ block: 'center' });
    first?.focus({ preventScroll: true });
  }, [refused]);

  const errors = useMemo(() => validate(schema, values), [schema, values]);

  const set = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    setDirty((d) => (d[key as string] ? d : { ...d, [key]: true }));
    setServer((s) => {
      if (!(key in s)) return s;
      const { [key as string]: _gone, ...rest } = s;
      return rest;
    });
  }, []);

  // leaving a field it was never typed into shows nothing (no layout jump under the pointer)
  const blur = useCallback(
    (key: string) => dirty[key] && setTouched((t) => (t[key] ? t : { ...t, [key]: true })),
    [dirty],
  );

  /** The message shown for a field (client rule first, then the server's answer). */
  const errorOf = (key: string): string | undefined => (tried || touched[key] ? errors[key] : undefined) ?? server[key];

  /** Runs `work` when the values pass the schema; maps a failure to the fields or `general`. */
  async function submit(work: (values: T) => Promise<void>, fields: readonly string[] = Object.keys(values)) {
    setTried(true);
    setGeneral('');
    if (busy) return;
    if (Object.keys(errors).length > 0) return setRefused((n) => n + 1);
    setBusy(true);
    try {
      await work(values);
    } catch (err) {
      const f = err instanceof ApiError ? err.fieldError : undefined;
      if (f && fields.includes(f.param)) {
        setServer({ [f.param]: f.msg });
        setRefused((n) => n + 1);
      } else setGeneral(generalMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const limitOf = useCallback((key: string) => lengthLimit(schema, key), [schema]);

  return { values, setValues, set, blur, errorOf, errors, submit, busy, general, setGeneral, formRef, limitOf };
}

export type Form<T extends Record<string, unknown>> = ReturnType<typeof useForm<T>>;
