/**
 * The contact and API drawers' messages, under /api/v1:
 *
 *   POST /message  { name, email, phone, companyName, message, pageTitle?, kind?: 'contact'|'api' }
 *                  201 { id, message: 'Thanks for sending us your message!' }
 *                  | 400 field errors | 415 not JSON | 429 too_many_requests (rule 'message', per address)
 *
 *   POST /message/chat    { name, email, message, pageTitle? }   201 { id, threadId, message }
 *                         the "Message us" widget for a visitor (answered by e-mail)
 *   POST /message/thread  { message, pageTitle? }                201 { id, threadId, message } | 401
 *   GET  /message/thread                                          200 { entries: ThreadEntry[] } | 401
 *                         a signed-in trader's conversation with the staff, oldest first
 *
 * Visitors may send (the contact page is public); a signed-in sender is linked to the message.
 * Every send counts against the same per-address limit (rule 'message').
 */
import { Hono } from 'hono';
import { ContactMessageSchema } from '../../src/domain/validation/contact.ts';
import { jsonIn } from '../middleware/validate.ts';
import { clientAddress, rateLimiter } from '../middleware/rate-limit.ts';
import { sendContactMessage } from '../services/site/messages.ts';
import { sendTraderChat, sendVisitorChat, traderThread } from '../services/site/chat.ts';
import { TraderChatSchema, VisitorChatSchema } from '../../src/domain/validation/chat.ts';
import { signedInUser } from '../middleware/roles.ts';
import type { AppEnv, Deps } from '../types.ts';

export const MESSAGE_SENT = 'Thanks for sending us your message!';

export function messageRoutes(deps: Deps) {
  const limiter = rateLimiter(deps);
  return new Hono<AppEnv>()
    .post('/', jsonIn(ContactMessageSchema), async (c) => {
      const input = c.req.valid('json');
      await limiter.hit(c, 'message', { address: clientAddress(c, deps) });
      const { id } = await sendContactMessage(deps, input, c.var.user);
      return c.json({ id, message: MESSAGE_SENT }, 201);
    })
    .post('/chat', jsonIn(VisitorChatSchema), async (c) => {
      const input = c.req.valid('json');
      await limiter.hit(c, 'message', { address: clientAddress(c, deps) });
      const sent = await sendVisitorChat(deps, input, c.var.user);
      return c.json({ ...sent, message: MESSAGE_SENT }, 201);
    })
    .post('/thread', jsonIn(TraderChatSchema), async (c) => {
      const user = signedInUser(c);
      const input = c.req.valid('json');
      await limiter.hit(c, 'message', { address: clientAddress(c, deps) });
      const sent = await sendTraderChat(deps, input, user);
      return c.json({ ...sent, message: MESSAGE_SENT }, 201);
    })
    .get('/thread', async (c) => c.json(await traderThread(deps, signedInUser(c))));
}
