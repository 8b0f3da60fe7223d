/**
 * A media ZIP read into a plan: every entry named, matched to a stone by its name
 * (src/domain/stock-media/names.ts), unpacked within the limits (zip.ts) and checked by its
 * content (content.ts). Nothing is stored here: the plan's accepted files are written by
 * write.ts in one transaction, and the report lists every file with what became of it.
 */
import { inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamonds } from '../../../db/tables.ts';
import {
  keyOf,
  keysOf,
  matchCandidates,
  planEntry,
  type EntryPlan,
  type NamedKind,
} from '../../../src/domain/stock-media/names.ts';
import { MEDIA_MAX_FRAMES, type MediaReportLine } from '../../../src/domain/stock-media/report.ts';
import { checkMedia, type CheckedMedia } from './content.ts';
import { entryRefusal, listZip, unpackEntry, type ZipEntry } from './zip.ts';

export type MediaStone = { id: number; stockCode: string; inStock: boolean };

/** One stone's accepted files, by kind; a kind absent from the ZIP keeps the stone's media. */
export type StoneMedia = {
  stone: MediaStone;
  images: { name: string; index: number; file: CheckedMedia }[];
  videos: { name: string; file: CheckedMedia }[];
  spin: { name: string; frames: CheckedMedia[] } | null;
  certificates: { name: string; file: CheckedMedia }[];
};

export type MediaPlan = { lines: MediaReportLine[]; stones: StoneMedia[] };

const NO_STONE = 'No stone has this stock code or certificate number';
const NO_FOLDER_STONE = `${NO_STONE} (a folder is one stone’s 360 set: put other files at the top of the ZIP)`;
const line = (name: string, stone: MediaStone | null, status: MediaReportLine['status'], reason: string | null) => ({
  name,
  status,
  stockCode: stone?.stockCode ?? null,
  became: null,
  reason,
});

/** The stones the keys name, by upper-case stock code and by upper-case certificate number. */
async function stonesOf(db: Db, keys: string[]): Promise<(key: string) => MediaStone | undefined> {
  const byCode = new Map<string, MediaStone>();
  const byCert = new Map<string, MediaStone>();
  for (let i = 0; i < keys.length; i += 500) {
    const part = keys.slice(i, i + 500);
    const rows = await db
      .select({
        id: diamonds.id,
        stockCode: diamonds.stockCode,
        certNumber: diamonds.certNumber,
        inStock: diamonds.inStock,
      })
      .from(diamonds)
      .where(or(inArray(sql`upper(${diamonds.stockCode})`, part), inArray(sql`upper(${diamonds.certNumber})`, part)));
    for (const r of rows) {
      const stone = { id: r.id, stockCode: r.stockCode, inStock: Boolean(r.inStock) };
      byCode.set(keyOf(r.stockCode), stone);
      // a certificate number shared by two stones names neither
      const cert = keyOf(r.certNumber);
      if (cert) byCert.set(cert, byCert.has(cert) ? { id: 0, stockCode: '', inStock: false } : stone);
    }
  }
  return (key) => {
    const s = byCode.get(key) ?? byCert.get(key);
    return s && s.id ? s : undefined;
  };
}

/** Unpacks and checks one matched entry; a refusal as its reason. */
async function checked(data: Uint8Array, e: ZipEntry, named: NamedKind): Promise<CheckedMedia | string> {
  const refusal = entryRefusal(e);
  if (refusal) return refusal;
  const bytes = unpackEntry(data, e);
  if (!bytes) return 'Refused: the file is damaged in the ZIP and could not be unpacked';
  const c = await checkMedia(bytes, named);
  return c.ok ? c.file : c.reason;
}

/** Reads the ZIP (400/422 for the whole ZIP: see zip.ts) into its plan. */
export async function planMediaZip(db: Db, data: Uint8Array): Promise<MediaPlan> {
  const entries = listZip(data);
  const times = new Map<string, number>();
  for (const e of entries) times.set(e.name, (times.get(e.name) ?? 0) + 1);
  const planned: { e: ZipEntry; plan: EntryPlan }[] = [];
  const lines: MediaReportLine[] = [];
  for (const e of entries) {
    // which of two entries of one name is meant cannot be told: neither is read
    if (times.get(e.name)! > 1) {
      lines.push(line(e.name, null, 'refused', 'Refused: the name appears more than once in the ZIP'));
      continue;
    }
    const plan = planEntry(e.name);
    if (plan.kind === 'refused') lines.push(line(e.name, null, 'refused', plan.reason));
    else if (plan.kind !== 'skip') planned.push({ e, plan });
  }
  const find = await stonesOf(db, keysOf(planned.map((p) => p.plan)));
  const byStone = new Map<number, StoneMedia>();
  const mediaOf = (stone: MediaStone) => {
    let m = byStone.get(stone.id);
    if (!m) byStone.set(stone.id, (m = { stone, images: [], videos: [], spin: null, certificates: [] }));
    return m;
  };
  const folders = new Map<string, { e: ZipEntry; frame: number }[]>();
  for (const { e, plan } of planned) {
    if (plan.kind === 'frame') {
      const list = folders.get(plan.folder) ?? [];
      list.push({ e, frame: plan.frame });
      folders.set(plan.folder, list);
      continue;
    }
    if (plan.kind !== 'file') continue;
    const match = matchCandidates(plan.candidates, find);
    if (!match) {
      lines.push(line(e.name, null, 'unmatched', NO_STONE));
      continue;
    }
    const file = await checked(data, e, plan.named);
    if (typeof file === 'string') {
      lines.push(line(e.name, match.stone, 'refused', file));
      continue;
    }
    const m = mediaOf(match.stone);
    if (plan.named === 'image') m.images.push({ name: e.name, index: match.index, file });
    else if (plan.named === 'video') m.videos.push({ name: e.name, file });
    else m.certificates.push({ name: e.name, file });
  }
  for (const [folder, frames] of folders) {
    const name = `${folder}/`;
    const stone = find(keyOf(folder));
    if (!stone) {
      lines.push(line(name, null, 'unmatched', NO_FOLDER_STONE));
      continue;
    }
    const set = await spinSet(data, frames);
    if (typeof set === 'string') lines.push(line(name, stone, 'refused', set));
    else mediaOf(stone).spin = { name, frames: set };
  }
  return { lines, stones: [...byStone.values()] };
}

/** A 360 folder's frames in their numbers' order, all accepted and of one format; else why not. */
async function spinSet(data: Uint8Array, frames: { e: ZipEntry; frame: number }[]): Promise<CheckedMedia[] | string> {
  if (frames.length < 2) return 'Refused: a 360 set needs at least 2 numbered frames';
  if (frames.length > MEDIA_MAX_FRAMES) return `Refused: a 360 set has at most ${MEDIA_MAX_FRAMES} frames`;
  frames.sort((a, b) => a.frame - b.frame);
  if (frames.some((f, i) => i > 0 && f.frame === frames[i - 1]!.frame))
    return 'Refused: two frames of the set have the same number';
  const out: CheckedMedia[] = [];
  for (const { e } of frames) {
    const file = await checked(data, e, 'image');
    const frameName = e.name.split('/').pop();
    if (typeof file === 'string') return `${file} (frame ${frameName}); the set is not stored`;
    if (out[0] && out[0].ext !== file.ext) return 'Refused: the frames mix PNG and JPEG; the set is not stored';
    out.push(file);
  }
  return out;
}
