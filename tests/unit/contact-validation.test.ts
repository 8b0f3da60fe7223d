import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ContactFormSchema, ContactMessageSchema } from '../../src/domain/validation/contact.ts';

const valid = { name: 'Ada', email: 'ada@stone.example', phone: '0207', companyName: 'Stone Ltd', message: 'Hello' };
const errorsOf = (input: unknown) => {
  const r = v.safeParse(ContactFormSchema, input);
  const out: Record<string, string> = {};
  if (!r.success) for (const i of r.issues) out[v.getDotPath(i) ?? '_'] ??= i.message;
  return out;
};

describe('contact form', () => {
  it('needs name, email, phone, company name and message', () => {
    expect(errorsOf({})).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      companyName: 'Company name is required',
      message: 'Message is required',
    });
  });
  it('counts blank (spaces only) as missing and wants a valid e-mail', () => {
    expect(errorsOf({ ...valid, name: '   ', email: 'ada@' })).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
    });
  });
  it('accepts a complete form, trimmed', () => {
    expect(v.parse(ContactFormSchema, { ...valid, name: ' Ada ' }).name).toBe('Ada');
  });
  it('adds pageTitle and kind (contact by default, or api) on send', () => {
    expect(v.parse(ContactMessageSchema, valid)).toMatchObject({ pageTitle: '', kind: 'contact' });
    expect(v.parse(ContactMessageSchema, { ...valid, kind: 'api', pageTitle: 'X - API' })).toMatchObject({
      kind: 'api',
      pageTitle: 'X - API',
    });
    expect(v.safeParse(ContactMessageSchema, { ...valid, kind: 'other' }).success).toBe(false);
  });
});
