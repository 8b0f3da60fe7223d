/** Field builders shared by the validation schemas (pure: valibot only). */
import * as v from 'valibot';

/** Longest value of an ordinary text field. */
export const TEXT_MAX = 200;
/** Longest free-text message (API access request). */
export const MESSAGE_MAX = 2000;

export const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/**
 * A required text field: missing, not a string or blank after trimming all answer
 * `message` ("First name is required"), so the form and the API show the same words.
 */
export const requiredText = (message: string, label: string, max: number = TEXT_MAX) =>
  v.pipe(v.optional(v.string(message), ''), v.trim(), v.nonEmpty(message), v.maxLength(max, tooLong(label, max)));

/** An optional text field: missing or null become ''. */
export const optionalText = (label: string, max: number = TEXT_MAX) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be text`)), ''),
    v.transform((s) => s ?? ''),
    v.string(),
    v.trim(),
    v.maxLength(max, tooLong(label, max)),
  );

/** Shown when the body is not a JSON object at all. */
export const BODY_MESSAGE = 'The request body must be a JSON object';
