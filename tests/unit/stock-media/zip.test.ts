import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../api/middleware/errors.ts';
import { entryRefusal, listZip, unpackEntry } from '../../../api/services/stock-media/zip.ts';
import { MEDIA_MAX_ENTRIES } from '../../../src/domain/stock-media/report.ts';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, msg: err.body.errors.msg };
    throw err;
  }
  return null;
};

/** Sets the unpacked size the central directory declares for every entry. */
function declare(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 46 <= out.length; i++)
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  return out;
}

describe('reading a media ZIP within limits', () => {
  it('lists the entries without unpacking them, and unpacks one at a time', () => {
    const zip = zipSync({ 'A.jpg': new Uint8Array([1, 2, 3]), 'B/001.png': new Uint8Array(5000) });
    const entries = listZip(zip);
    expect(entries.map((e) => [e.name, e.originalSize])).toEqual([
      ['A.jpg', 3],
      ['B/001.png', 5000],
    ]);
    expect([...unpackEntry(zip, entries[0]!)!]).toEqual([1, 2, 3]);
    expect(entryRefusal(entries[1]!)).toBeNull();
  });

  it('refuses a body that is not a ZIP, or a damaged one', () => {
    expect(refusal(() => listZip(new TextEncoder().encode('hello, not a zip at all')))).toMatchObject({
      status: 400,
      msg: 'not_a_zip',
    });
    const zip = zipSync({ 'A.jpg': new Uint8Array(10) });
    expect(refusal(() => listZip(zip.slice(0, zip.length - 10)))).toMatchObject({ status: 400, msg: 'not_a_zip' });
  });

  it('refuses the whole ZIP past the entry count or the unpacked total', () => {
    const many = zipSync(
      Object.fromEntries(Array.from({ length: MEDIA_MAX_ENTRIES + 1 }, (_, i) => [`${i}.jpg`, new Uint8Array(1)])),
      { level: 0 },
    );
    expect(refusal(() => listZip(many))).toEqual({ status: 422, msg: 'zip_too_many_files' });
    const big = declare(zipSync({ 'A.mp4': new Uint8Array(10), 'B.mp4': new Uint8Array(10) }), 150 * 1024 * 1024);
    expect(refusal(() => listZip(big))).toEqual({ status: 422, msg: 'zip_too_large_unpacked' });
  });

  it('refuses a zip bomb entry, an oversized one and another packing method before unpacking', () => {
    const bomb = listZip(zipSync({ 'A.jpg': new Uint8Array(2 * 1024 * 1024) }, { level: 1 }))[0]!;
    expect(entryRefusal(bomb)).toMatch(/zip bomb/);
    expect(entryRefusal({ name: 'A.mp4', size: 30e6, originalSize: 30e6, compression: 0 })).toMatch(/past the 25 MB/);
    expect(entryRefusal({ name: 'A.jpg', size: 10, originalSize: 10, compression: 14 })).toMatch(/method/);
  });

  it('never unpacks more than an entry declares', () => {
    const zip = zipSync({ 'A.jpg': new Uint8Array(4000).fill(7) });
    const [entry] = listZip(declare(zip, 100));
    expect(unpackEntry(declare(zip, 100), entry!)?.byteLength ?? 0).toBeLessThanOrEqual(100);
  });
});
