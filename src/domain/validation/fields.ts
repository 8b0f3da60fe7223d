/** Field builders shared by the validation schemas (pure: valibot only). */
import * as v from 'valibot';

/** Longest value of an ordinary text field. */
export const TEXT_MAX = 200;
/** Longest free-text message (API access request). */
export const MESSAGE_MAX = 2000;

export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * Characters that show nothing: controls, format characters (zero-width space and joiners,
 * bidi marks, overrides and isolates, the BOM), separators, surrogates, and the blank
 * fillers (Hangul fillers, braille blank). A required value needs one character outside them.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}\p{Cs}\u115F\u1160\u3164\uFFA0\u2800]/gu;
/**
 * Characters no text field takes anywhere: NUL and the other C0 controls but tab, line feed
 * and carriage return, DEL, and the bidi embeddings, overrides and isolates (they reorder
 * what is shown around them). Lone surrogates are refused too (`isWellFormed`).
 */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/u;

export const hasVisibleText = (s: string): boolean => s.replace(INVISIBLE, '').length > 0;
export const isPlainText = (s: string): boolean => s.isWellFormed() && !FORBIDDEN.test(s);
export const notAllowed = (label: string) => `${label} contains characters that are not allowed`;

/** Pipe actions: the value shows something (else `message`), and holds no forbidden character. */
export const visible = (message: string) => v.check(hasVisibleText, message);
export const plainText = (label: string) => v.check(isPlainText, notAllowed(label));

/** Is this JSON value an object ({...}), not an array, null or a scalar? */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A required text field: missing, not a string, blank after trimming or made only of
 * invisible characters all answer `message` ("First name is required"), so the form and the
 * API show the same words.
 */
export const requiredText = (message: string, label: string, max: number = TEXT_MAX) =>
  v.pipe(
    v.optional(v.string(message), ''),
    v.trim(),
    v.nonEmpty(message),
    visible(message),
    plainText(label),
    v.maxLength(max, tooLong(label, max)),
  );

/** An optional text field: missing or null become ''. */
export const optionalText = (label: string, max: number = TEXT_MAX) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be text`)), ''),
    v.transform((s) => s ?? ''),
    v.string(),
    v.trim(),
    plainText(label),
    v.maxLength(max, tooLong(label, max)),
  );

/** Shown when the body is not a JSON object at all. */
export const BODY_MESSAGE = 'The request body must be a JSON object';
