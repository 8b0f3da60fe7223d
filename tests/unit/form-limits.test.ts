/**
 * Fields stop at the length the API allows: the forms read each field's
 * limit from the same valibot schema the API parses with.
 */
import { describe, expect, it } from 'vitest';
import { ContactFormSchema } from '../../src/domain/validation/contact.ts';
import { MESSAGE_MAX, TEXT_MAX } from '../../src/domain/validation/fields.ts';
import { RegisterSchema } from '../../src/domain/validation/registration.ts';
import { lengthLimit } from '../../src/islands/dialogs/use-form.ts';

describe('lengthLimit', () => {
  it('reads the maxLength rule of a field, through pipes and optional wrappers', () => {
    expect(lengthLimit(ContactFormSchema, 'message')).toBe(MESSAGE_MAX);
    expect(lengthLimit(ContactFormSchema, 'phone')).toBe(40);
    expect(lengthLimit(RegisterSchema, 'firstName')).toBe(TEXT_MAX);
    expect(lengthLimit(RegisterSchema, 'city')).toBe(100);
    expect(lengthLimit(RegisterSchema, 'title')).toBe(50);
  });
  it('answers undefined for a field without one or unknown to the schema', () => {
    expect(lengthLimit(RegisterSchema, 'acceptTermsAndConditions')).toBeUndefined();
    expect(lengthLimit(ContactFormSchema, 'nothing')).toBeUndefined();
  });
});
