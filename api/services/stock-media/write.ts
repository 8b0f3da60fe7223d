/**
 * Writes a media plan (plan.ts) in ONE write transaction: per stone and per kind the ZIP
 * carries (images, videos, the 360 set, certificates), the ZIP's files replace the stone's
 * files of that kind, stored through the one upload store (site/uploads.ts `storeUpload`, the
 * database's `uploads` table, so every app node serves them); the replaced uploads are
 * deleted. A kind whose files are byte for byte the ones stored is left alone ("unchanged").
 * An in-stock stone whose media changed gets one `updated` change-log event (fields `media`
 * and/or `certificate_url`) through `recordStockChanges`, in the same transaction, with an
 * audit row. Any failure rolls the whole write back: nothing is partly stored.
 */
import { and, eq, inArray, like } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { diamondCertificates, diamondMedia, uploads } from '../../../db/tables.ts';
import type { MediaReportLine } from '../../../src/domain/stock-media/report.ts';
import { audit } from '../admin/audit.ts';
import { lockStock, recordStockChanges, type StockChange } from '../link/change-log.ts';
import { storeUpload, UPLOAD_URL_PREFIX, uploadedBytes, uploadStem } from '../site/uploads.ts';
import type { Deps } from '../../types.ts';
import type { MediaPlan, StoneMedia } from './plan.ts';
import type { CheckedMedia } from './content.ts';

type MediaType = 'image' | 'video' | '360';
const POSITION: Record<MediaType, number> = { image: 0, video: 100, '360': 200 };

const sameBytes = (a: Buffer | null, b: Buffer) => a !== null && a.equals(b);

/** The stored bytes behind each of a stone's current files of one type (frames of a 360 set). */
async function storedFiles(
  tx: Db,
  srcs: { src: string; framesCount: number | null; format: string | null }[],
  spin: boolean,
) {
  const out: (Buffer | null)[] = [];
  for (const s of srcs) {
    if (!spin) out.push(await uploadedBytes(tx, s.src));
    else
      for (let i = 0; i < (s.framesCount ?? 0); i++)
        out.push(await uploadedBytes(tx, `${s.src}frame-${String(i).padStart(3, '0')}.${s.format}`));
  }
  return out;
}

/** Deletes the uploads behind replaced files (a 360 set's frames live under its folder name). */
async function dropUploads(tx: Db, srcs: string[]) {
  for (const src of srcs) {
    if (!src.startsWith(UPLOAD_URL_PREFIX)) continue; // the demo's files in the built site stay
    const name = src.slice(UPLOAD_URL_PREFIX.length);
    if (name.endsWith('/')) await tx.delete(uploads).where(like(uploads.name, `${name}%`));
    else await tx.delete(uploads).where(eq(uploads.name, name));
  }
}

/** Replaces one type of a stone's media unless it is the same; true when it wrote. */
async function replaceMedia(tx: Db, diamondId: number, type: MediaType, files: CheckedMedia[][]): Promise<boolean> {
  const current = await tx
    .select()
    .from(diamondMedia)
    .where(and(eq(diamondMedia.diamondId, diamondId), eq(diamondMedia.type, type)));
  const flat = files.flat();
  const stored = await storedFiles(tx, current, type === '360');
  const frameFormat = type === '360' ? files[0]?.[0]?.ext : undefined;
  if (
    stored.length === flat.length &&
    flat.every((f, i) => sameBytes(stored[i] ?? null, f.data)) &&
    (type !== '360' || current[0]?.format === frameFormat)
  )
    return false;
  await dropUploads(
    tx,
    current.map((m) => m.src),
  );
  if (current.length)
    await tx.delete(diamondMedia).where(
      inArray(
        diamondMedia.id,
        current.map((m) => m.id),
      ),
    );
  for (const [i, group] of files.entries()) {
    if (type === '360') {
      const stem = uploadStem();
      for (const [n, frame] of group.entries())
        await storeUpload(tx, frame, `${stem}/frame-${String(n).padStart(3, '0')}`);
      await tx.insert(diamondMedia).values({
        diamondId,
        type,
        src: `${UPLOAD_URL_PREFIX}${stem}/`,
        framesCount: group.length,
        format: frameFormat ?? 'png',
        position: POSITION[type],
      });
    } else {
      const src = await storeUpload(tx, group[0]!);
      await tx.insert(diamondMedia).values({ diamondId, type, src, position: POSITION[type] + i });
    }
  }
  return true;
}

/** Replaces a stone's certificates unless they are the same; true when it wrote. */
async function replaceCertificates(tx: Db, diamondId: number, files: CheckedMedia[]): Promise<boolean> {
  const current = await tx.select().from(diamondCertificates).where(eq(diamondCertificates.diamondId, diamondId));
  const stored = await storedFiles(
    tx,
    current.map((c) => ({ src: c.src, framesCount: null, format: null })),
    false,
  );
  if (stored.length === files.length && files.every((f, i) => sameBytes(stored[i] ?? null, f.data))) return false;
  await dropUploads(
    tx,
    current.map((c) => c.src),
  );
  await tx.delete(diamondCertificates).where(eq(diamondCertificates.diamondId, diamondId));
  for (const f of files) await tx.insert(diamondCertificates).values({ diamondId, src: await storeUpload(tx, f) });
  return true;
}

const byImageOrder = (a: { index?: number; name: string }, b: { index?: number; name: string }) =>
  (a.index ?? 0) - (b.index ?? 0) || a.name.localeCompare(b.name);
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** Writes one stone's files; the report lines of its files and whether its media / certificate changed. */
async function writeStone(tx: Db, m: StoneMedia) {
  const lines: MediaReportLine[] = [];
  const done = (name: string, became: string, wrote: boolean) =>
    lines.push({ name, status: wrote ? 'stored' : 'unchanged', stockCode: m.stone.stockCode, became, reason: null });
  let media = false;
  let certificate = false;
  const lists = [
    { type: 'image' as const, files: m.images.sort(byImageOrder), became: (i: number) => `image ${i + 1}` },
    { type: 'video' as const, files: m.videos.sort(byName), became: () => 'video' },
  ];
  for (const { type, files, became } of lists) {
    if (!files.length) continue;
    const wrote = await replaceMedia(
      tx,
      m.stone.id,
      type,
      files.map((f) => [f.file]),
    );
    files.forEach((f, i) => done(f.name, became(i), wrote));
    media ||= wrote;
  }
  if (m.spin) {
    const wrote = await replaceMedia(tx, m.stone.id, '360', [m.spin.frames]);
    done(m.spin.name, `360 set, ${m.spin.frames.length} frames`, wrote);
    media ||= wrote;
  }
  if (m.certificates.length) {
    const certs = m.certificates.sort(byName);
    const wrote = await replaceCertificates(
      tx,
      m.stone.id,
      certs.map((f) => f.file),
    );
    certs.forEach((f) => done(f.name, 'certificate', wrote));
    certificate = wrote;
  }
  return { lines, media, certificate };
}

/**
 * Writes the plan's accepted files in the caller's transaction (with the audit row); answers
 * the report lines of those files, the stones changed and their change-log events, which the
 * caller records (`recordStockChanges`) with any other events of its transaction.
 */
export async function writeMediaInTx(
  tx: Db,
  adminId: number,
  fileName: string,
  plan: MediaPlan,
  now: number,
): Promise<{ lines: MediaReportLine[]; stones: string[]; changes: StockChange[] }> {
  const lines: MediaReportLine[] = [];
  const stones: string[] = [];
  const changes: StockChange[] = [];
  for (const m of plan.stones) {
    const w = await writeStone(tx, m);
    lines.push(...w.lines);
    if (!w.media && !w.certificate) continue;
    stones.push(m.stone.stockCode);
    const fields = [...(w.certificate ? ['certificate_url'] : []), ...(w.media ? ['media'] : [])];
    // a stone out of stock is in no list, feed or change consumer's view until it returns
    if (m.stone.inStock) changes.push({ stockCode: m.stone.stockCode, kind: 'updated', fields });
  }
  if (stones.length)
    await audit(tx, adminId, 'stock.media', 'diamond', null, { file: fileName, stones: stones.length }, now);
  return { lines, stones, changes };
}

/** Writes the plan's accepted files in ONE transaction; answers the report lines of those files and the stones changed. */
export async function writeMediaPlan(
  deps: Deps,
  adminId: number,
  fileName: string,
  plan: MediaPlan,
): Promise<{ lines: MediaReportLine[]; stones: string[] }> {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    await lockStock(tx);
    const { changes, ...written } = await writeMediaInTx(tx, adminId, fileName, plan, now);
    await recordStockChanges(tx, changes, { now, retentionDays: deps.config.API_CHANGES_RETENTION_DAYS });
    return written;
  });
}
