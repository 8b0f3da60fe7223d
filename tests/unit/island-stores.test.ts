/**
 * Islands hydrate with AT_BUILD (src/islands/ui/at-build.ts): each value must be what its
 * store starts with, which is what the build rendered. The stores are
 * imported fresh, so nothing has changed them yet.
 */
import { describe, expect, it } from 'vitest';
import { AT_BUILD } from '../../src/islands/ui/at-build.ts';

describe('AT_BUILD', () => {
  it('holds every shared store starting value', async () => {
    const [session, site, bag, catalogue, dialog, favourites, compare, snackbar, cookieRoom] = await Promise.all([
      import('../../src/stores/session.ts'),
      import('../../src/stores/site.ts'),
      import('../../src/stores/bag.ts'),
      import('../../src/stores/catalogue.ts'),
      import('../../src/stores/dialog.ts'),
      import('../../src/stores/favourites.ts'),
      import('../../src/stores/compare.ts'),
      import('../../src/islands/bag/snackbar.ts'),
      import('../../src/stores/cookie-room.ts'),
    ]);
    const starting = {
      session: session.$session.get(),
      isAuthorised: session.$isAuthorised.get(),
      isStaff: session.$isStaff.get(),
      site: site.$site.get(),
      bag: bag.$bag.get(),
      bagDrawer: bag.$bagDrawer.get(),
      bagCount: bag.$bagCount.get(),
      snacks: snackbar.$snacks.get(),
      favourites: favourites.$favourites.get(),
      compare: compare.$compare.get(),
      listsShown: favourites.$listsShown.get(),
      dialog: dialog.$dialog.get(),
      catalogue: catalogue.$catalogue.get(),
      availabilityLabels: catalogue.$availabilityLabels.get(),
      cookieRoom: cookieRoom.$cookieRoom.get(),
    };
    expect(AT_BUILD).toEqual(starting);
  });
});
