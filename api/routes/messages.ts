/**
 * The contact and API drawers' messages, under /api/v1:
 *
 *   POST /message  { name, email, phone, companyName, message, pageTitle?, kind?: 'contact'|'api' }
 *                  201 { id, message: 'Thanks for sending us your message!' }
 *                  | 400 field errors | 415 not JSON | 429 too_many_requests (rule 'message', per address)
 *
 * Visitors may send (the contact page is public); a signed-in sender is linked to the message.
 */
import { Hono } from 'hono';
import { ContactMessageSchema } from '../../src/domain/validation/contact.ts';
import { jsonIn } from '../middleware/validate.ts';
import { clientAddress, rateLimiter } from '../middleware/rate-limit.ts';
import { sendContactMessage } from '../services/site/messages.ts';
import type { AppEnv, Deps } from '../types.ts';

export const MESSAGE_SENT = 'Thanks for sending us your message!';

export function messageRoutes(deps: Deps) {
  const limiter = rateLimiter(deps);
  return new Hono<AppEnv>().post('/', jsonIn(ContactMessageSchema), async (c) => {
    const input = c.req.valid('json');
    await limiter.hit(c, 'message', { address: clientAddress(c, deps) });
    const { id } = await sendContactMessage(deps, input, c.var.user);
    return c.json({ id, message: MESSAGE_SENT }, 201);
  });
}
