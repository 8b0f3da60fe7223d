/**
 * What each shared store holds while the build renders the islands: its starting value.
 * `useIslandStore(store, AT_BUILD.x)` hydrates with these, so the first browser render matches
 * the HTML. Only types are imported, so a small island does not pull in every store;
 * tests/unit/island-stores.test.ts keeps each value equal to its store's starting value.
 */
import type { BagDrawerState, BagState } from '../../stores/bag.ts';
import type { AvailabilityLabels, CatalogueState } from '../../stores/catalogue.ts';
import type { DialogState } from '../../stores/dialog.ts';
import type { SessionState } from '../../stores/session.ts';
import type { SiteState } from '../../stores/site.ts';
import type { Snack } from '../bag/snackbar.ts';

const NONE: never[] = [];

export const AT_BUILD = {
  session: { status: 'idle', isAuthorised: false, user: null } as SessionState,
  isAuthorised: false,
  isStaff: false,
  site: { status: 'idle', data: null, error: null } as SiteState,
  bag: { status: 'idle', lines: NONE } as BagState,
  bagDrawer: { open: false, focusId: null } as BagDrawerState,
  bagCount: 0,
  snacks: NONE as Snack[],
  favourites: NONE as number[],
  compare: NONE as number[],
  dialog: { name: 'none', props: {} } as DialogState,
  catalogue: { status: 'idle', audience: null, index: null, error: null, version: 0 } as CatalogueState,
  availabilityLabels: { 1: 'Immediately', 2: '3-5 days', 3: 'On Demand' } as AvailabilityLabels,
} as const;
