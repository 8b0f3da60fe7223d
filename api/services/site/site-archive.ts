/**
 * A built site as one archive: the files of a folder in a POSIX tar (ustar: regular files
 * only, paths up to 255 bytes, split into prefix and name), gzipped. Small on purpose: the
 * builds it packs hold a few hundred files, and `tar -xzf` opens the archive for an operator.
 *
 *   const gz = await packFolder('/srv/dist', { skip: ['.build-owner'] });
 *   await unpackInto(gz, '/srv/dist-1790000000000');   // the folder must not exist yet
 */
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const BLOCK = 512;
const gz = promisify(gzip);
const gunz = promisify(gunzip);

function files(root: string, dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files(root, path, out);
    else if (entry.isFile()) out.push(relative(root, path).split(sep).join('/'));
  }
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(path: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  let name = path;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = path.lastIndexOf('/', 155);
    prefix = path.slice(0, cut);
    name = path.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(name) > 100 || Buffer.byteLength(prefix) > 155)
      throw new Error(`site archive: path too long for tar: ${path}`);
  }
  h.write(name, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

/** The folder's files (names in `skip` left out wherever they are) as a gzipped tar. */
export async function packFolder(dir: string, opts: { skip?: readonly string[] } = {}): Promise<Buffer> {
  const skip = new Set(opts.skip ?? []);
  const names: string[] = [];
  files(dir, dir, names);
  const parts: Buffer[] = [];
  for (const name of names) {
    if (skip.has(name.slice(name.lastIndexOf('/') + 1))) continue;
    const path = join(dir, name);
    const data = readFileSync(path);
    parts.push(header(name, data.length, statSync(path).mtimeMs), data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return gz(Buffer.concat(parts), { level: 6 });
}

const field = (h: Buffer, start: number, length: number) => {
  const raw = h.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
};

/** Writes the archive's files (with their times, to the second) into `dir`; refuses entries that would land outside it. */
export async function unpackInto(archive: Buffer, dir: string): Promise<number> {
  const tar = await gunz(archive);
  const root = resolve(dir);
  mkdirSync(root, { recursive: true });
  let count = 0;
  for (let at = 0; at + BLOCK <= tar.length;) {
    const h = tar.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) break;
    const name = field(h, 0, 100);
    const prefix = field(h, 345, 155);
    const size = parseInt(field(h, 124, 12).trim() || '0', 8);
    const mtime = parseInt(field(h, 136, 12).trim() || '0', 8);
    const type = field(h, 156, 1);
    const path = prefix ? `${prefix}/${name}` : name;
    at += BLOCK;
    if (type === '0' || type === '') {
      const target = resolve(root, path);
      if (!target.startsWith(root + sep)) throw new Error(`site archive: entry outside the folder: ${path}`);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, tar.subarray(at, at + size));
      utimesSync(target, mtime, mtime);
      count += 1;
    }
    at += Math.ceil(size / BLOCK) * BLOCK;
  }
  return count;
}
