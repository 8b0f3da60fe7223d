/**
 * The whole in-stock list in one download (API Link /feed), gzip-compressed once per
 * (stock version, holds version — holds and reservations —, scope, markup, currency, rates,
 * format, template; and a trade caller, when they hold stones or have a request keeping some, for
 * `held_by_you` and `reserved_for_you`) and kept in a small
 * per-process cache, so a cached download costs two small reads and a buffer write.
 *
 * - The strong ETag is a SHA-256 of the uncompressed body: the same stock gives the same tag
 *   on every node and after every rebuild.
 * - `seq` is the change sequence read BEFORE the stones: the file reflects at least every
 *   event up to it, so a client continuing /changes from it misses nothing (it may see an
 *   event whose effect the file already has; applying it again is harmless).
 * - Concurrent first requests for the same key share one build.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamonds } from '../../../db/tables.ts';
import type { FeedQuery, LinkStone } from '../../link/schemas.ts';
import { readVersions } from '../site/versions.ts';
import { countRunning } from '../trade/holds.ts';
import { hasClaims } from '../trade/request-claims.ts';
import type { TemplateName } from './feed-templates.ts';
import { latestSeq } from './change-log.ts';
import { toCsv } from './feed-templates.ts';
import { toLinkStones, type Holder, type PriceView } from './stone-view.ts';
import { keepRecent } from '../../lib/recent.ts';

/** A feed asked for, its template settled (house unless a CSV template was named). */
export type FeedRequest = Omit<FeedQuery, 'template'> & { template: TemplateName };

export type FeedFile = { gz: Buffer; etag: string; seq: number; contentType: string; fileName: string };
type Format = FeedQuery['format'];

/** files kept (one gzip file each): the current stock in its most asked-for variants */
const CACHE_MAX = 12;
const CONTENT_TYPES: Record<Format, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json',
  ndjson: 'application/x-ndjson',
};

function render(q: FeedRequest, stones: LinkStone[], seq: number): string {
  const { format } = q;
  if (format === 'csv') return toCsv(q.template, stones, q.origin);
  if (format === 'ndjson') return stones.map((s) => `${JSON.stringify(s)}\n`).join('');
  return JSON.stringify({ change_seq: seq, count: stones.length, stones });
}

async function build(db: Db, q: FeedRequest, view: PriceView, siteUrl: string, holder: Holder): Promise<FeedFile> {
  const seq = await latestSeq(db);
  const rows = await db.select().from(diamonds).where(eq(diamonds.inStock, true)).orderBy(asc(diamonds.id));
  const all = await toLinkStones(db, rows, view, siteUrl, holder);
  const stones = q.origin ? all.filter((s) => s.origin === q.origin) : all;
  const body = render(q, stones, seq);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
  const ext = `${q.origin ? `${q.origin}.` : ''}${q.format === 'csv' ? `${q.template}.csv` : q.format}`;
  return {
    gz: gzipSync(body, { level: 6 }),
    etag,
    seq,
    contentType: CONTENT_TYPES[q.format],
    fileName: `facet-stock.${ext}`,
  };
}

/** A feed builder with its own cache (one per app). */
export function feedCache(siteUrl: string) {
  const cache = new Map<string, Promise<FeedFile>>();
  return async (db: Db, q: FeedRequest, view: PriceView, holder: Holder): Promise<FeedFile> => {
    const { stock, holds } = await readVersions(db, ['stock', 'holds']);
    const rates = view.rates.map((r) => `${r.currency}:${r.ExRate}`).join(',');
    // a trade caller holding or reserving stones gets a file of their own (held_by_you,
    // reserved_for_you); everyone else shares one (a retail key's file has `available` only)
    const keeps =
      view.scope === 'trade' &&
      ((await countRunning(db, holder.userId, holder.now)) > 0 || (await hasClaims(db, holder.userId)));
    const own = keeps ? holder.userId : 0;
    const key = [
      stock,
      holds,
      own,
      view.scope,
      view.markupPct,
      view.currency,
      rates,
      q.format,
      q.template,
      q.origin,
    ].join('|');
    let file = cache.get(key);
    if (file) return keepRecent(cache, key, file, CACHE_MAX);
    file = keepRecent(cache, key, build(db, q, view, siteUrl, holder), CACHE_MAX);
    file.catch(() => cache.delete(key));
    return file;
  };
}
