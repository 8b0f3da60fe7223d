import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { packFolder, unpackInto } from '../../api/services/site/site-archive.ts';

const made: string[] = [];
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'facet-archive-'));
  made.push(d);
  return d;
};
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('site archive', () => {
  it('gives back every file, nested and long-named, byte for byte, without the skipped names', async () => {
    const src = temp();
    const deep = join(src, '_astro', 'a'.repeat(60), 'b'.repeat(60));
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(src, 'index.html'), '<h1>Facet</h1>');
    writeFileSync(join(src, '.build-stamp'), 'abc');
    writeFileSync(join(src, '.build-owner'), 'this node');
    const binary = Buffer.from(Array.from({ length: 1300 }, (_, i) => i % 256));
    writeFileSync(join(deep, 'chunk.js'), binary);
    writeFileSync(join(src, 'empty.txt'), '');

    const out = join(temp(), 'site');
    const count = await unpackInto(await packFolder(src, { skip: ['.build-owner'] }), out);
    expect(count).toBe(4);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('<h1>Facet</h1>');
    expect(readFileSync(join(out, '.build-stamp'), 'utf8')).toBe('abc');
    expect(readFileSync(join(deep.replace(src, out), 'chunk.js')).equals(binary)).toBe(true);
    expect(readFileSync(join(out, 'empty.txt'), 'utf8')).toBe('');
    expect(() => statSync(join(out, '.build-owner'))).toThrow();
    // times kept to the second (the stamp's date says when the build read the database)
    expect(Math.floor(statSync(join(out, '.build-stamp')).mtimeMs / 1000)).toBe(
      Math.floor(statSync(join(src, '.build-stamp')).mtimeMs / 1000),
    );
  });

  it('refuses an entry that would land outside the folder', async () => {
    const evil = Buffer.alloc(1536);
    evil.write('../escape.txt', 0);
    evil.write('0000644\0', 100);
    evil.write('00000000001\0', 124);
    evil.write('0', 156);
    evil.write('x', 512);
    await expect(unpackInto(gzipSync(evil), join(temp(), 'site'))).rejects.toThrow(/outside/);
  });
});
