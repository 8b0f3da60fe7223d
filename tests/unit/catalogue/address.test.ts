/** The list's {page} segment from the address: /diamonds[/all][/{page}], a slash inside a shape kept. */
import { describe, expect, it } from 'vitest';
import { routeSegment } from '../../../src/domain/catalogue/address.ts';
import { routeIntent } from '../../../src/domain/catalogue/tabs.ts';
import { routes } from '../../../src/domain/routes.ts';

describe('routeSegment', () => {
  it.each([
    ['/diamonds', ''],
    ['/diamonds/', ''],
    ['/diamonds/all', ''],
    ['/diamonds/all/', ''],
    ['/diamonds/all/lab-grown', 'lab-grown'],
    ['/diamonds/round', 'round'],
    ['/diamonds/all/round/', 'round'],
    ['/diamonds/all/old%20cut%2Feuropean%20cut', 'old%20cut%2Feuropean%20cut'],
    ['/news', ''],
  ])('%s -> %j', (path, segment) => {
    expect(routeSegment(path)).toBe(segment);
  });

  it('a shape link with a slash comes back as the same shape', () => {
    const path = routes.shape('Old Cut/European Cut', true);
    expect(path).toBe('/diamonds/all/old%20cut%2Feuropean%20cut?tab=2');
    const pathname = new URL(path, 'http://x').pathname;
    expect(routeIntent(routeSegment(pathname))).toEqual({ kind: 'shape', shape: 'old cut/european cut' });
    expect(routes.shape('Round')).toBe('/diamonds/all/round');
  });
});
