import { describe, expect, it } from 'vitest';
import {
  candidatesOf,
  keysOf,
  matchCandidates,
  planEntry,
  REASON,
  unsafeName,
} from '../../../src/domain/stock-media/names.ts';

describe('media file names', () => {
  it('reads images, videos and certificates at the top of the ZIP', () => {
    expect(planEntry('ABC123.jpg')).toEqual({
      kind: 'file',
      named: 'image',
      candidates: [{ key: 'ABC123', index: 0 }],
    });
    expect(planEntry('ABC123_1.JPEG')).toEqual({
      kind: 'file',
      named: 'image',
      candidates: [
        { key: 'ABC123_1', index: 0 },
        { key: 'ABC123', index: 1 },
      ],
    });
    expect(planEntry('FT-10482-2.png')).toMatchObject({
      named: 'image',
      candidates: [{}, { key: 'FT-10482', index: 2 }],
    });
    expect(planEntry('ABC123.mp4')).toMatchObject({ kind: 'file', named: 'video' });
    expect(planEntry('ABC123.webm')).toMatchObject({ kind: 'file', named: 'video' });
    expect(planEntry('2141438167.pdf')).toMatchObject({ kind: 'file', named: 'certificate' });
  });

  it('reads a folder one level down as the frames of a 360 set, by the number its name ends in', () => {
    expect(planEntry('ABC123/001.jpg')).toEqual({ kind: 'frame', folder: 'ABC123', frame: 1 });
    expect(planEntry('ABC123/frame_0036.png')).toEqual({ kind: 'frame', folder: 'ABC123', frame: 36 });
    expect(planEntry('ABC123/cover.png')).toEqual({ kind: 'refused', reason: REASON.frameName });
    expect(planEntry('ABC123/001.mp4')).toEqual({ kind: 'refused', reason: REASON.type });
    expect(planEntry('a/b/001.jpg')).toEqual({ kind: 'refused', reason: REASON.deep });
  });

  it('skips folders and the files systems add, refuses archives and other types', () => {
    for (const name of ['ABC123/', '__MACOSX/._ABC.jpg', '.DS_Store', 'ABC/.DS_Store', 'Thumbs.db', '._ABC123.jpg'])
      expect(planEntry(name), name).toEqual({ kind: 'skip' });
    for (const name of ['inner.zip', 'more.7z', 'ABC/frames.rar', 'x.tar.gz'])
      expect(planEntry(name), name).toEqual({ kind: 'refused', reason: REASON.nested });
    for (const name of ['ABC123.gif', 'ABC123.txt', 'ABC123', 'ABC123.svg', 'ABC123.exe'])
      expect(planEntry(name), name).toEqual({ kind: 'refused', reason: REASON.type });
  });

  it('refuses names that lead outside the ZIP', () => {
    for (const name of [
      '../ABC123.jpg',
      'a/../../etc/passwd',
      '/etc/ABC123.jpg',
      'C:/x/ABC.jpg',
      'ABC\\..\\x.jpg',
      './A.jpg',
    ])
      expect([name, unsafeName(name)]).toEqual([name, REASON.traversal]);
    expect(planEntry('..\\ABC123.jpg')).toEqual({ kind: 'refused', reason: REASON.traversal });
    expect(unsafeName('ABC..123.jpg')).toBeNull();
  });

  it('matches the whole name first, then without the number, whatever the case', () => {
    const stones = new Map([
      ['FT-10482', 'stone A'],
      ['ABC123', 'stone B'],
      ['ABC123_7', 'stone C'],
    ]);
    const find = (k: string) => stones.get(k);
    expect(matchCandidates(candidatesOf('ft-10482'), find)).toEqual({ stone: 'stone A', index: 0 });
    expect(matchCandidates(candidatesOf('FT-10482-3'), find)).toEqual({ stone: 'stone A', index: 3 });
    expect(matchCandidates(candidatesOf('abc123_2'), find)).toEqual({ stone: 'stone B', index: 2 });
    expect(matchCandidates(candidatesOf('ABC123_7'), find)).toEqual({ stone: 'stone C', index: 0 });
    expect(matchCandidates(candidatesOf('ZZZ9'), find)).toBeNull();
    expect(candidatesOf('ABC123_1234')).toEqual([{ key: 'ABC123_1234', index: 0 }]);
  });

  it('lists every key a ZIP could mean, once', () => {
    expect(keysOf(['a.jpg', 'A_1.jpg', 'b/001.png', 'c.txt'].map(planEntry)).sort()).toEqual(['A', 'A_1', 'B']);
  });
});
