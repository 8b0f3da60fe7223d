/**
 * A sample API Link client: keeps a local copy of the shop's stock, the way the sync recipe of
 * /api/link/docs describes it, with a client typed from the published OpenAPI document.
 *
 * 1. The first run downloads `/feed?format=json` and keeps the change sequence it reflects.
 * 2. Every later run pages `/changes?since=` from there: removed stones are dropped, every other
 *    event's stone is fetched again with `POST /stones/lookup` (up to 500 codes a call). A
 *    cursor the log no longer has (410) or one ahead of it (409, after a restore) starts over
 *    from the feed.
 * 3. At checkout, `POST /stones/availability` answers for the codes in a basket (up to 100).
 *
 * Run it (Node 22.6 or later runs TypeScript as is):
 *
 *   npm install openapi-fetch && npm install -D openapi-typescript typescript
 *   npx openapi-typescript https://<shop>/api/link/v1/openapi.json -o examples/generated/link-api.d.ts
 *   FACET_LINK_URL=https://<shop>/api/link/v1 FACET_LINK_KEY=ftk_t_... \
 *     node examples/sync.ts stock.json [STOCK-CODE ...]
 *
 * It prints one JSON line: what the run did, and the availability of the codes given.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import createClient from 'openapi-fetch';
import type { paths } from './generated/link-api.d.ts';

type FeedFile = paths['/feed']['get']['responses'][200]['content']['application/json'];
export type Stone = FeedFile['stones'][number];
type Availability = paths['/stones/availability']['post']['responses'][200]['content']['application/json'];

/** What a run keeps between runs: the stones by stock code and the change sequence they reflect. */
export type SyncState = { seq: number; stones: Record<string, Stone> };

export type SyncReport = {
  /** `feed`: a full download; `changes`: the events since the last run */
  mode: 'feed' | 'changes';
  seq: number;
  stones: number;
  events: number;
  refreshed: number;
  removed: number;
  checkout: Availability['data'];
};

/** JSON answers only (the feed can also be CSV or NDJSON: this client asks for JSON). */
type Client = ReturnType<typeof createClient<paths, 'application/json'>>;

/** The message of an error answer (the API's `{ errors: { msg } }`). */
function failure(what: string, status: number, error: unknown): Error {
  const msg = (error as { errors?: { msg?: unknown } } | undefined)?.errors?.msg;
  return new Error(`${what}: ${status} ${JSON.stringify(msg ?? error)}`);
}

async function download(client: Client): Promise<SyncState> {
  const { data, error, response } = await client.GET('/feed', { params: { query: { format: 'json' } } });
  if (!data) throw failure('GET /feed', response.status, error);
  const stones: Record<string, Stone> = {};
  for (const stone of data.stones) stones[stone.stock_code] = stone;
  return { seq: data.change_seq, stones };
}

/** Fetches `codes` again and puts them in `state` (a stone that left meanwhile is dropped). */
async function refresh(client: Client, state: SyncState, codes: string[]): Promise<void> {
  for (let i = 0; i < codes.length; i += 500) {
    const batch = codes.slice(i, i + 500);
    const { data, error, response } = await client.POST('/stones/lookup', { body: { codes: batch } });
    if (!data) throw failure('POST /stones/lookup', response.status, error);
    for (const item of data.data) {
      if (item.status === 'found' && item.stone) state.stones[item.stone.stock_code] = item.stone;
      else delete state.stones[item.code];
    }
  }
}

/** Applies the events since `state.seq`; null when the cursor is no longer usable (resync). */
async function follow(client: Client, state: SyncState) {
  let events = 0;
  const changed = new Set<string>();
  const removed = new Set<string>();
  for (;;) {
    const { data, error, response } = await client.GET('/changes', {
      params: { query: { since: state.seq, limit: 1000 } },
    });
    if (response.status === 410 || response.status === 409) return null;
    if (!data) throw failure('GET /changes', response.status, error);
    for (const event of data.data) {
      events++;
      if (event.type === 'removed') {
        changed.delete(event.stock_code);
        removed.add(event.stock_code);
      } else {
        removed.delete(event.stock_code);
        changed.add(event.stock_code);
      }
    }
    state.seq = data.next_since;
    if (!data.has_more) break;
  }
  for (const code of removed) delete state.stones[code];
  await refresh(client, state, [...changed]);
  return { events, refreshed: changed.size, removed: removed.size };
}

/** One sync run: the feed when there is no state (or the cursor is gone), else the changes. */
export async function sync(options: {
  baseUrl: string;
  key: string;
  state: SyncState | null;
  checkout?: string[];
  fetch?: typeof fetch;
}): Promise<{ state: SyncState; report: SyncReport }> {
  const client: Client = createClient<paths, 'application/json'>({
    baseUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.key}` },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  let state = options.state;
  let mode: SyncReport['mode'] = 'changes';
  let applied = state ? await follow(client, state) : null;
  if (!state || !applied) {
    state = await download(client);
    mode = 'feed';
    applied = { events: 0, refreshed: 0, removed: 0 };
  }
  let checkout: Availability['data'] = [];
  const codes = (options.checkout ?? []).slice(0, 100);
  if (codes.length) {
    const { data, error, response } = await client.POST('/stones/availability', { body: { stock_codes: codes } });
    if (!data) throw failure('POST /stones/availability', response.status, error);
    checkout = data.data;
  }
  const stones = Object.keys(state.stones).length;
  return { state, report: { mode, seq: state.seq, stones, ...applied, checkout } };
}

/** The command line: `node examples/sync.ts <state file> [stock codes to check ...]`. */
async function main(argv: string[]): Promise<void> {
  const [file, ...checkout] = argv;
  const baseUrl = process.env.FACET_LINK_URL;
  const key = process.env.FACET_LINK_KEY;
  if (!file || !baseUrl || !key) {
    console.error('Usage: FACET_LINK_URL=... FACET_LINK_KEY=... node examples/sync.ts <state.json> [codes...]');
    process.exit(2);
  }
  const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as SyncState) : null;
  const { state, report } = await sync({ baseUrl, key, state: before, checkout });
  writeFileSync(`${file}.tmp`, JSON.stringify(state));
  renameSync(`${file}.tmp`, file);
  console.log(JSON.stringify(report));
}

if (import.meta.main) await main(process.argv.slice(2));
