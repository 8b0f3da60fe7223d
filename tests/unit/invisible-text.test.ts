/** Text fields refuse values that show nothing and characters no text should hold. */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  hasVisibleText,
  isJsonObject,
  isPlainText,
  optionalText,
  requiredText,
} from '../../src/domain/validation/fields.ts';

const BLANKS = {
  NUL: '\u0000',
  'right-to-left override': '\u202E',
  'lone high surrogate': '\uD800',
  'lone low surrogate': '\uDC00',
  'zero-width space': '\u200B\u200B',
  'zero-width joiner and non-joiner': '\u200D\u200C',
  'byte order mark': '\uFEFF',
  'word joiner': '\u2060',
  'Hangul filler': '\u3164',
  'braille blank': '\u2800',
  'mixed with spaces': ' \u200B\u00A0\u202E\t',
};

describe('required text', () => {
  const name = requiredText('First name is required', 'First name');

  it.each(Object.entries(BLANKS))('made only of %s is "required"', (_label, value) => {
    expect(hasVisibleText(value)).toBe(false);
    const r = v.safeParse(name, value);
    expect(r.success).toBe(false);
    expect(r.issues?.[0]?.message).toBe('First name is required');
  });

  it('keeps ordinary text, accents, CJK, emoji with joiners and right-to-left script', () => {
    for (const ok of ['Ada', 'Zoë', '山田', '👨‍👩‍👧', 'שלום', 'A\u200Bda']) {
      expect(v.safeParse(name, ok).success, ok).toBe(true);
    }
  });

  it('refuses NUL, bidi overrides and lone surrogates inside visible text too', () => {
    for (const bad of ['Ada\u0000', 'Ad\u202Ea', 'Ada\uD800', 'x\u2066y', 'bell\u0007']) {
      expect(isPlainText(bad), JSON.stringify(bad)).toBe(false);
      expect(v.safeParse(name, bad).issues?.[0]?.message).toBe('First name contains characters that are not allowed');
      expect(v.safeParse(optionalText('Address'), bad).success).toBe(false);
    }
    expect(isPlainText('line one\nline two\ttabbed\r\n')).toBe(true);
  });
});

describe('JSON objects', () => {
  it('are objects, not arrays, null or scalars', () => {
    expect(isJsonObject({})).toBe(true);
    for (const not of [[], [{}], null, 'x', 1, true]) expect(isJsonObject(not)).toBe(false);
  });
});
