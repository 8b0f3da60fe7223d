/**
 * The browser's typed client (src/lib/api.ts) against a stubbed fetch: the request hc builds
 * (path params, JSON body, query without empty values, Accept) and the error behaviour of
 * `call()` (the error shape, status 0 when there was no answer, an abort passed through, the
 * status text for a non-JSON error).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, client, logUnexpected } from '../../src/lib/api.ts';

type Seen = { url: string; method: string; headers: Headers; body: unknown };

function answer(status: number, body: string, statusText = '') {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push({
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
    });
    return new Response(body, { status, statusText, headers: { 'Content-Type': 'application/json' } });
  });
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('call(client...)', () => {
  it('sends the typed request and answers the success body', async () => {
    const seen = answer(200, JSON.stringify({ bag: [] }));
    const body = await call(
      client.profile.bag[':diamondId'].$patch({ param: { diamondId: '42' }, json: { quantity: 2 } }),
    );
    expect(body).toEqual({ bag: [] });
    expect(seen[0]).toMatchObject({ url: '/api/v1/profile/bag/42', method: 'PATCH', body: '{"quantity":2}' });
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(seen[0]?.headers.get('accept')).toBe('application/json');
  });

  it('leaves empty query values out and sends numbers as text', async () => {
    const seen = answer(200, JSON.stringify({ docs: [] }));
    await call(client.admin.customers.$get({ query: { status: 'all', page: 2, q: undefined, apiAccess: null } }));
    expect(seen[0]?.url).toBe('/api/v1/admin/customers?status=all&page=2');
  });

  it('throws the error shape as an ApiError with its status and field errors', async () => {
    answer(400, JSON.stringify({ errors: { msg: [{ param: 'email', msg: 'Please enter a valid e-mail' }] } }));
    const err = await call(client['check-email'].$post({ json: { email: 'x' } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(400);
    expect((err as ApiError).fieldError).toEqual({ param: 'email', msg: 'Please enter a valid e-mail' });
    expect((err as ApiError).message).toBe('Please enter a valid e-mail');
  });

  it('takes the status text for an error answer that is not the error shape', async () => {
    answer(502, '<html>Bad gateway</html>', 'Bad Gateway');
    const err = await call(client.me.$get()).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('answers status 0 when the server could not be reached, and lets an abort through', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await call(client.me.$get()).catch((e: unknown) => e);
    expect(offline).toMatchObject({
      status: 0,
      message: 'We could not reach the server. Please check your connection.',
    });

    vi.stubGlobal('fetch', async () => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const aborted = await call(client.me.$get()).catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(DOMException);
    expect((aborted as DOMException).name).toBe('AbortError');
  });
});

describe('failures in the console', () => {
  it('an expected refusal (a held stone, 409) is not logged as an error; a fault or no answer is', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      logUnexpected('[bag] request failed', new ApiError(409, { errors: { msg: 'stone_on_hold' } }));
      expect(logged).not.toHaveBeenCalled();
      logUnexpected('[bag] request failed', new ApiError(500, { errors: { msg: 'internal_error' } }));
      logUnexpected('[bag] request failed', new ApiError(0, { errors: { msg: 'offline' } }));
      expect(logged).toHaveBeenCalledTimes(2);
    } finally {
      logged.mockRestore();
    }
  });
});
