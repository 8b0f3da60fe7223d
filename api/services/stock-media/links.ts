/**
 * A pushed stone's media links (API Link `PATCH /stock/{stock_code}`: `image_urls`,
 * `video_url`, `certificate_url`, the names of the shop's own feed). The site's CSP shows
 * images and video only from the shop itself, so a link is never stored as it is: each file
 * is pulled through the stock sources' guarded fetch (stock-sources/fetch.ts: the address
 * guard before any connection, at most 3 checked redirects, the time limit, the size limit
 * while streaming), checked by its content like a media ZIP's file (content.ts: images
 * re-encoded) and stored through the one upload store (write.ts), so it is served from the shop.
 *
 * Every link is pulled and checked before anything is written: one that fails refuses the
 * call (422 `media_link_refused`, `options.field` names it) and nothing is stored. The files
 * then replace the stone's files of their kind, as a ZIP's would, in the same transaction as
 * the call's fields, their change-log events and its run record: a failure leaves nothing
 * half-written (the stored files are rows of that transaction too).
 */
import { eq } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { diamonds } from '../../../db/tables.ts';
import type { NamedKind } from '../../../src/domain/stock-media/names.ts';
import { MEDIA_PDF_MAX_BYTES, MEDIA_VIDEO_MAX_BYTES } from '../../../src/domain/stock-media/report.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { lockStock, recordStockChanges, type StockChange } from '../link/change-log.ts';
import { UPLOAD_MAX_BYTES } from '../site/uploads.ts';
import { fetchFeed } from '../stock-sources/fetch.ts';
import { feedPolicy } from '../stock-sources/sources.ts';
import { checkMedia, type CheckedMedia } from './content.ts';
import type { StoneMedia } from './plan.ts';
import { writeMediaInTx } from './write.ts';

export type MediaLinks = { image_urls?: string[]; video_url?: string; certificate_url?: string };
type Pulled = { field: string; kind: NamedKind; file: CheckedMedia };

const MAX_BYTES: Record<NamedKind, number> = {
  image: UPLOAD_MAX_BYTES,
  video: MEDIA_VIDEO_MAX_BYTES,
  certificate: MEDIA_PDF_MAX_BYTES,
};
const TYPES: Record<NamedKind, ReadonlySet<string>> = {
  image: new Set(['image/png', 'image/jpeg']),
  video: new Set(['video/mp4', 'video/webm']),
  certificate: new Set(['application/pdf']),
};
const ANY_FILE = ['application/octet-stream', 'binary/octet-stream'];

/** The links of a body as (field, kind, url), in the order they are stored. */
export const linksOf = (l: MediaLinks): { field: string; kind: NamedKind; url: string }[] => [
  ...(l.image_urls ?? []).map((url, i) => ({ field: `image_urls.${i}`, kind: 'image' as const, url })),
  ...(l.video_url ? [{ field: 'video_url', kind: 'video' as const, url: l.video_url }] : []),
  ...(l.certificate_url ? [{ field: 'certificate_url', kind: 'certificate' as const, url: l.certificate_url }] : []),
];

const refused = (field: string, failure: string, reason: string) =>
  new HttpError(422, 'media_link_refused', { field, failure, reason });

/** Pulls and checks every link; the first that fails throws 422 `media_link_refused` naming its field. */
export async function pullMediaLinks(deps: Deps, links: MediaLinks): Promise<Pulled[]> {
  const out: Pulled[] = [];
  for (const { field, kind, url } of linksOf(links)) {
    const types = new Set([...TYPES[kind], ...ANY_FILE]);
    const got = await fetchFeed(url, {
      policy: feedPolicy(deps),
      maxBytes: MAX_BYTES[kind],
      timeoutMs: deps.config.STOCK_FEED_TIMEOUT_MS,
      types,
      accept: [...TYPES[kind]].join(', '),
    });
    if (got.kind === 'failed') throw refused(field, got.failure, got.reason);
    if (got.kind !== 'file') throw refused(field, 'http_error', 'The address answered without a file');
    const checked = await checkMedia(got.data, kind);
    if (!checked.ok) throw refused(field, 'wrong_content', checked.reason);
    out.push({ field, kind, file: checked.file });
  }
  return out;
}

export type MediaStored = { stored: string[]; unchanged: string[] };
type MediaWritten = MediaStored & { changed: boolean; changes: StockChange[] };

/**
 * Writes pulled files as the stone's media in the caller's transaction (the stone's fields,
 * when the call sends some, are written in the same one); the fields stored and those already
 * the same, and the change-log events for the caller to record.
 */
export async function writeMediaLinks(
  tx: Db,
  actorId: number,
  stockCode: string,
  pulled: Pulled[],
  now: number,
): Promise<MediaWritten> {
  const stone = (
    await tx
      .select({ id: diamonds.id, stockCode: diamonds.stockCode, inStock: diamonds.inStock })
      .from(diamonds)
      .where(eq(diamonds.stockCode, stockCode))
      .limit(1)
  )[0];
  if (!stone) throw new HttpError(404, 'stone_not_found', { stock_code: stockCode });
  const of = (kind: NamedKind) => pulled.filter((p) => p.kind === kind);
  const media: StoneMedia = {
    stone: { ...stone, inStock: Boolean(stone.inStock) },
    images: of('image').map((p, index) => ({ name: p.field, index, file: p.file })),
    videos: of('video').map((p) => ({ name: p.field, file: p.file })),
    spin: null,
    certificates: of('certificate').map((p) => ({ name: p.field, file: p.file })),
  };
  const written = await writeMediaInTx(tx, actorId, `PATCH ${stockCode}`, { lines: [], stones: [media] }, now);
  const fields = (status: string) => written.lines.filter((l) => l.status === status).map((l) => l.name);
  return {
    stored: fields('stored'),
    unchanged: fields('unchanged'),
    changed: written.stones.length > 0,
    changes: written.changes,
  };
}

/** Stores pulled files as the stone's media in one transaction, with `inTx` (the call's run record). */
export async function storeMediaLinks(
  deps: Deps,
  actorId: number,
  stockCode: string,
  pulled: Pulled[],
  inTx: (tx: Db, media: MediaWritten) => Promise<void>,
): Promise<MediaWritten> {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    await lockStock(tx);
    const media = await writeMediaLinks(tx, actorId, stockCode, pulled, now);
    await recordStockChanges(tx, media.changes, { now, retentionDays: deps.config.API_CHANGES_RETENTION_DAYS });
    await inTx(tx, media);
    return media;
  });
}
