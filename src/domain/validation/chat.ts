/**
 * The "Message us" widget: POST /message/chat (a visitor: name, e-mail and a message),
 * POST /message/thread (a signed-in trader: a message in their conversation) and the staff
 * answer from the messages inbox (POST /admin/messages/:id/replies). The fields and their
 * words are the contact form's.
 */
import * as v from 'valibot';
import { ContactFormSchema } from './contact.ts';
import { BODY_MESSAGE, optionalText } from './fields.ts';

const { name, email, message } = ContactFormSchema.entries;

/** A visitor's message: whom to answer, and what they ask. */
export const VisitorChatSchema = v.object(
  { name, email, message, pageTitle: optionalText('Page title') },
  BODY_MESSAGE,
);
export type VisitorChatInput = v.InferInput<typeof VisitorChatSchema>;
export type VisitorChat = v.InferOutput<typeof VisitorChatSchema>;

/** A signed-in trader's message: the account says who they are. */
export const TraderChatSchema = v.object({ message, pageTitle: optionalText('Page title') }, BODY_MESSAGE);
export type TraderChat = v.InferOutput<typeof TraderChatSchema>;

/** A staff answer to a message. */
export const StaffReplySchema = v.object({ message }, BODY_MESSAGE);
