/** The 360 player's maths: frame names, looping, drag to orbit, zoom steps and size. */
import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  frameFromDrag,
  frameUrl,
  nextFrame,
  playerSize,
  spinSetOf,
  wrapFrame,
  zoomIn,
  zoomOut,
  ZOOM_MAX,
  ZOOM_MIN,
} from '../../src/domain/player360.ts';

const set = { src: '/media/360/round/', framesCount: 36, format: 'svg' };

describe('spin sets and frames', () => {
  it('finds the 360 item and fills the defaults (256 frames of png)', () => {
    expect(
      spinSetOf([
        { type: 'image', src: '/a.svg' },
        { type: '360', ...set },
      ]),
    ).toEqual(set);
    expect(spinSetOf([{ type: '360', src: '/s/' }])).toEqual({ src: '/s/', framesCount: 256, format: 'png' });
    expect(spinSetOf([{ type: '360', src: '/s/', framesCount: 0, format: ' ' }])).toEqual({
      src: '/s/',
      framesCount: 256,
      format: 'png',
    });
    expect(spinSetOf([{ type: 'image', src: '/a.svg' }])).toBeNull();
  });

  it('names frames frame-NNN.{format}, 0-based', () => {
    expect(frameUrl(set, 0)).toBe('/media/360/round/frame-000.svg');
    expect(frameUrl(set, 35)).toBe('/media/360/round/frame-035.svg');
    expect(frameUrl({ src: '/x', framesCount: 1000, format: 'png' }, 255)).toBe('/x/frame-255.png');
  });

  it('loops by default and stops on the last frame when not looping', () => {
    expect(nextFrame(0, 36)).toBe(1);
    expect(nextFrame(35, 36)).toBe(0);
    expect(nextFrame(35, 36, false)).toBe(35);
    expect(nextFrame(3, 0)).toBe(0);
  });

  it('wraps any index into the set', () => {
    expect(wrapFrame(-1, 36)).toBe(35);
    expect(wrapFrame(37, 36)).toBe(1);
    expect(wrapFrame(2.6, 36)).toBe(3);
  });
});

describe('drag to orbit', () => {
  it('turns once per player width, right forward and left back', () => {
    expect(frameFromDrag(0, 600, 600, 36)).toBe(0);
    expect(frameFromDrag(0, 300, 600, 36)).toBe(18);
    expect(frameFromDrag(0, 50, 600, 36)).toBe(3);
    expect(frameFromDrag(10, -50, 600, 36)).toBe(7);
    expect(frameFromDrag(1, -100, 600, 36)).toBe(31);
  });

  it('stays put without a width', () => {
    expect(frameFromDrag(5, 100, 0, 36)).toBe(5);
  });
});

describe('zoom', () => {
  it('steps by 0.3 from 1 up to 3 and back', () => {
    const ups: number[] = [];
    let z = ZOOM_MIN;
    for (let i = 0; i < 8; i++) ups.push((z = zoomIn(z)));
    expect(ups).toEqual([1.3, 1.6, 1.9, 2.2, 2.5, 2.8, 3, 3]);
    expect(zoomOut(1.3)).toBe(1);
    expect(zoomOut(1)).toBe(1);
    expect(zoomOut(3)).toBe(2.7);
  });

  it('clamps to 1..3', () => {
    expect(clampZoom(0.2)).toBe(ZOOM_MIN);
    expect(clampZoom(9)).toBe(ZOOM_MAX);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
});

describe('size', () => {
  it('is at most 600 px wide at the 758/597 aspect', () => {
    expect(playerSize(1200)).toEqual({ width: 600, height: 473 });
    expect(playerSize(379)).toEqual({ width: 379, height: 299 });
  });
});
