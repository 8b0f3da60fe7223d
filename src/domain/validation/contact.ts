/**
 * The contact form (contact drawer "It's a pleasure to meet you") and the API page's drawer
 * "Contact Us About Our API": POST /message. Name, email (valid format), phone,
 * companyName and message are all required; the messages' words are ours. pageTitle
 * (document.title) is added on send; kind tells the two drawers apart.
 */
import * as v from 'valibot';
import { EmailField } from './email.ts';
import { BODY_MESSAGE, MESSAGE_MAX, optionalText, requiredText } from './fields.ts';

export const CONTACT_KINDS = ['contact', 'api'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export const CONTACT_MESSAGES = {
  name: 'Name is required',
  phone: 'Phone is required',
  companyName: 'Company name is required',
  message: 'Message is required',
  kind: 'kind must be contact or api',
} as const;

/** The fields a person fills in (the drawers' form). */
export const ContactFormSchema = v.object(
  {
    name: requiredText(CONTACT_MESSAGES.name, 'Name'),
    email: EmailField,
    phone: requiredText(CONTACT_MESSAGES.phone, 'Phone', 40),
    companyName: requiredText(CONTACT_MESSAGES.companyName, 'Company name'),
    message: requiredText(CONTACT_MESSAGES.message, 'Message', MESSAGE_MAX),
  },
  BODY_MESSAGE,
);
export type ContactFormInput = v.InferInput<typeof ContactFormSchema>;

/** POST /message: the form plus the page it was sent from and which drawer sent it. */
export const ContactMessageSchema = v.object(
  {
    ...ContactFormSchema.entries,
    pageTitle: optionalText('Page title'),
    kind: v.optional(v.picklist(CONTACT_KINDS, CONTACT_MESSAGES.kind), 'contact'),
  },
  BODY_MESSAGE,
);
export type ContactMessageInput = v.InferInput<typeof ContactMessageSchema>;
export type ContactMessage = v.InferOutput<typeof ContactMessageSchema>;
