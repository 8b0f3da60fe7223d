/**
 * Media in bulk: how a file inside a media ZIP names its stone, the way RapNet matches image
 * files. Pure: the server's reader (api/services/stock-media/) asks it about every entry name,
 * and the admin screen shows the same rules.
 *
 *   ABC123.jpg, ABC123_1.jpg, ABC123-2.png   images of stone ABC123 (the number orders them)
 *   ABC123.mp4 / .webm                        a video
 *   ABC123/001.jpg, ABC123/002.jpg, ...       a 360 set: a folder of numbered frames
 *   2141438167.pdf                            a certificate, by certificate number (or stock code)
 *
 * A name is first looked up whole as a stock code, then as a certificate number; only then is a
 * trailing `_N` or `-N` taken as the image's number (so a code such as `FT-10482` still matches
 * `FT-10482.jpg` and `FT-10482-2.jpg`). Letters match whatever their case.
 */

/** What a file's name says it is; its content must agree (checked on the server by its bytes). */
export type NamedKind = 'image' | 'video' | 'certificate';

/** A way to read a name: the stone's key (stock code or certificate number) and the image's number. */
export type Candidate = { key: string; index: number };

export type EntryPlan =
  /** a folder entry or a file the system that made the ZIP adds (`__MACOSX/`, `.DS_Store`) */
  | { kind: 'skip' }
  | { kind: 'refused'; reason: string }
  | { kind: 'file'; named: NamedKind; candidates: Candidate[] }
  | { kind: 'frame'; folder: string; frame: number };

const EXTENSIONS: Record<string, NamedKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  mp4: 'video',
  webm: 'video',
  pdf: 'certificate',
};
const ARCHIVES = new Set(['zip', 'rar', '7z', 'gz', 'tgz', 'tar', 'bz2', 'xz', 'zipx', 'cab', 'iso']);
const SYSTEM_FILES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini']);

export const REASON = {
  traversal: 'Refused: the name leads outside the ZIP (“..”, an absolute path or a backslash)',
  nested: 'Refused: archives inside the ZIP are not opened',
  deep: 'Refused: only files at the top of the ZIP and 360 folders one level down are read',
  type: 'Refused: only JPEG and PNG images, MP4 and WebM videos and PDF certificates are read',
  frameName: 'Refused: a 360 frame’s name must end in its number (001.jpg, frame_002.png)',
} as const;

/** Why an entry's name is unsafe to read, or null: no `..` or `.` step, no absolute path, no backslash. */
export function unsafeName(name: string): string | null {
  if (
    name.includes('\\') ||
    name.includes('\0') ||
    name.startsWith('/') ||
    /^[a-z]:/i.test(name) ||
    name.split('/').some((step) => step === '..' || step === '.')
  )
    return REASON.traversal;
  return null;
}

const extOf = (file: string) => {
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
};
const baseOf = (file: string) => {
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
};

/** The ways a file's base name can name a stone: whole first, then without a `_N` / `-N` suffix. */
export function candidatesOf(base: string): Candidate[] {
  const whole = base.trim();
  const out: Candidate[] = whole ? [{ key: whole, index: 0 }] : [];
  const m = /^(.+)[_-](\d{1,3})$/.exec(whole);
  if (m) out.push({ key: m[1]!.trim(), index: Number(m[2]) });
  return out;
}

/** How the reader treats one entry of the ZIP, by its name alone. */
export function planEntry(name: string): EntryPlan {
  const unsafe = unsafeName(name);
  if (unsafe) return { kind: 'refused', reason: unsafe };
  if (name.endsWith('/')) return { kind: 'skip' };
  const steps = name.split('/');
  const file = steps.at(-1)!;
  if (steps[0] === '__MACOSX' || file.startsWith('._') || SYSTEM_FILES.has(file.toLowerCase())) return { kind: 'skip' };
  const ext = extOf(file);
  if (ARCHIVES.has(ext)) return { kind: 'refused', reason: REASON.nested };
  if (steps.length > 2) return { kind: 'refused', reason: REASON.deep };
  const named = EXTENSIONS[ext];
  if (steps.length === 2) {
    if (named !== 'image') return { kind: 'refused', reason: REASON.type };
    const n = /(\d{1,4})$/.exec(baseOf(file));
    if (!n) return { kind: 'refused', reason: REASON.frameName };
    return { kind: 'frame', folder: steps[0]!, frame: Number(n[1]) };
  }
  if (!named) return { kind: 'refused', reason: REASON.type };
  const candidates = candidatesOf(baseOf(file));
  if (candidates.length === 0) return { kind: 'refused', reason: REASON.type };
  return { kind: 'file', named, candidates };
}

/** The key as stones are looked up by it (case does not matter). */
export const keyOf = (s: string) => s.trim().toUpperCase();

/**
 * The stone a file names: the first candidate found, whole name first. `find` looks a key up
 * as a stock code and then as a certificate number.
 */
export function matchCandidates<T>(
  candidates: readonly Candidate[],
  find: (key: string) => T | undefined,
): { stone: T; index: number } | null {
  for (const c of candidates) {
    const stone = find(keyOf(c.key));
    if (stone !== undefined) return { stone, index: c.index };
  }
  return null;
}

/** Every key a ZIP's names could mean (for one lookup of the stones). */
export function keysOf(plans: readonly EntryPlan[]): string[] {
  const keys = new Set<string>();
  for (const p of plans) {
    if (p.kind === 'file') for (const c of p.candidates) keys.add(keyOf(c.key));
    if (p.kind === 'frame') keys.add(keyOf(p.folder));
  }
  return [...keys];
}
