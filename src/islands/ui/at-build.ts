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

// typed declarations (not casts), so a field added to a store's state fails the type check here
const session: SessionState = { status: 'idle', isAuthorised: false, user: null };
const site: SiteState = { status: 'idle', data: null, error: null };
const bag: BagState = { status: 'idle', lines: NONE };
const bagDrawer: BagDrawerState = { open: false, focusId: null };
const dialog: DialogState = { name: 'none', props: {} };
const catalogue: CatalogueState = {
  status: 'idle',
  audience: null,
  index: null,
  first: null,
  stale: false,
  behind: false,
  error: null,
  version: 0,
  since: null,
};
const availabilityLabels: AvailabilityLabels = { 1: 'Immediately', 2: '3-5 days', 3: 'On Demand' };

export const AT_BUILD = {
  session,
  isAuthorised: false,
  isStaff: false,
  site,
  bag,
  bagDrawer,
  bagCount: 0,
  snacks: NONE as Snack[],
  favourites: NONE as number[],
  compare: NONE as number[],
  listsShown: false,
  dialog,
  catalogue,
  availabilityLabels,
  cookieRoom: 0,
};
