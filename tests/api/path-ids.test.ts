/**
 * One rule for numeric ids in a path (api/middleware/validate.ts idParams): whole digits, at
 * most 12 of them; anything else names no resource and answers 404 with that resource's own
 * message, the same answer as a well-formed id that is not there. Before, the bag answered
 * 400, the availability config 400, and favourites, compare and the stone pages the router's
 * bare 'not_found'.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, errorOf, insertAdmin, insertUser, signIn } from './auth-helpers.ts';

const BAD_IDS = ['abc', '1.5', '-3', '1234567890123'];

type Agent = Awaited<ReturnType<typeof signIn>>;

/** Every call with every bad id answers 404 and its resource's message. */
async function expectNotFound(agent: Agent, calls: [method: string, path: string, msg: string][]) {
  for (const bad of BAD_IDS) {
    for (const [method, path, msg] of calls) {
      const url = path.replace(':id', bad);
      const res =
        method === 'PATCH' ? await agent.json(url, method, { quantity: 1 }) : await agent.request(url, { method });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect((await errorOf(res)).msg, `${method} ${url}`).toBe(msg);
    }
  }
}

async function signedIn() {
  const t = await createTestApp();
  const customer = await signIn(t, (await insertUser(t.db)).email);
  const staff = await signIn(t, (await insertAdmin(t.db)).email);
  return { t, customer, staff };
}

describe('a path id that is not a whole number names nothing: 404 with the resource message', () => {
  it('for the customer routes, the stone pages and the admin routes, each with its own resource', async () => {
    const { customer, staff } = await signedIn();
    await expectNotFound(customer, [
      ['PATCH', '/profile/bag/:id', 'not_in_bag'],
      ['DELETE', '/profile/bag/:id', 'not_in_bag'],
      ['PUT', '/profile/favourites/:id', 'diamond_not_found'],
      ['DELETE', '/profile/compare/:id', 'diamond_not_found'],
      ['GET', '/diamonds/:id', 'diamond_not_found'],
      ['GET', '/diamonds/:id/related', 'diamond_not_found'],
      ['GET', '/posts/:id', 'post_not_found'],
    ]);
    await expectNotFound(staff, [
      ['GET', '/admin/posts/:id', 'post_not_found'],
      ['GET', '/admin/requests/:id', 'request_not_found'],
      ['PATCH', '/admin/messages/:id', 'message_not_found'],
      ['POST', '/admin/customers/:id/approve', 'customer_not_found'],
      ['GET', '/admin/customers/:id/api-keys', 'customer_not_found'],
      ['PATCH', '/configs/:id', 'config_not_found'],
    ]);
  });

  it('reads a well-formed id as a number (an unknown one is the same 404)', async () => {
    const { customer, staff } = await signedIn();
    const stone = await customer.request('/diamonds/999999999999');
    expect(stone.status).toBe(404);
    expect((await errorOf(stone)).msg).toBe('diamond_not_found');
    const post = await staff.request('/admin/posts/000999');
    expect(post.status).toBe(404);
    expect((await errorOf(post)).msg).toBe('post_not_found');
  });
});
