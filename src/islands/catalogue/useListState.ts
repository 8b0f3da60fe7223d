/**
 * The list state (domain list-state reducer) wired to the address, the session and the
 * route intents of /diamonds/all/{page}:
 * - once the slider bounds are known (from the server's first page or the loaded index,
 *   whichever is first), the state is read from the address; 'specials' turns
 *   special offers on and the address becomes /diamonds/all; a shape pre-filters; 'lab-grown'
 *   opens its tab LAB_GROWN_TAB_DELAY_MS after mount;
 * - what the user changes before the full set is here stays in the state (and the address)
 *   and applies when it arrives; the index's bounds then rebase the filters;
 * - every later change is written back (a tab change pushes a history entry, the rest
 *   replaces it), and the back button reads the address again;
 * - the signed-in state and the saved dialog preferences follow the session;
 * - an open pasted list's `codes` parameter stays in the address (stores/paste-list.ts);
 * - a change of filters or tab settles the live set first (stores/live.ts `settleLiveSet`).
 */
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import {
  LAB_GROWN_TAB,
  LAB_GROWN_TAB_DELAY_MS,
  initialListState,
  listReducer,
  MOBILE_MAX_WIDTH,
  type CatalogueIndex,
  type DialogSettings,
  type ListAction,
  type ListState,
} from '../../domain/catalogue/index.ts';
import { addressOf, stateFromAddress } from '../../domain/catalogue/address.ts';
import { withPasteParam } from '../../domain/catalogue/paste-list.ts';
import { pastedParam } from '../../stores/paste-list.ts';
import { settleLiveSet } from '../../stores/live.ts';
import { takeOpenedColumns } from '../saved-searches/open.ts';

export type Action = ListAction | { type: 'replace'; state: ListState };
const reducer = (s: ListState, a: Action): ListState => (a.type === 'replace' ? a.state : listReducer(s, a));

const width = () => (typeof window === 'undefined' ? 0 : window.innerWidth);

type Bounds = CatalogueIndex['bounds'];

export function useListState(bounds: Bounds | null, authorised: boolean, dialogSettings: DialogSettings) {
  const [state, dispatch] = useReducer(reducer, undefined, () => initialListState());
  const ready = useRef(false); // read from the address
  const lastTab = useRef(state.tab);
  const labGrownTimer = useRef<number | undefined>(undefined);
  const opts = useRef({ authorised, dialogSettings });
  opts.current = { authorised, dialogSettings };
  const stateRef = useRef(state);
  stateRef.current = state;
  // the filter panel opened or closed by the buyer before the list could read its address
  // (rows drawn early, before the slider bounds): that choice stands
  const panelChosen = useRef(false);
  // the address has been read and its route intent applied (the lab-grown tab after its delay);
  // from the render that shows that state on, every change is written back to the address
  const [settled, setSettled] = useState(false);
  const act = useCallback((a: Action) => {
    if (a.type === 'collapseMenu' || a.type === 'closeDrawer') panelChosen.current = true;
    // stones that left the stock go, and waiting new ones join, at a filter or tab change: the
    // live set settles first, so the change's rows are worked out once, on the settled set
    const was = stateRef.current;
    const next = reducer(was, a);
    if (next.filters !== was.filters || next.tab !== was.tab) settleLiveSet();
    dispatch(a);
  }, []);
  // a phone folds the panel away at hydration, as its address will say, before the first paint
  // of the hydrated list (the server-drawn page still shows it open until then)
  useLayoutEffect(() => {
    if (width() <= MOBILE_MAX_WIDTH) dispatch({ type: 'collapseMenu', collapsed: true });
  }, []);

  // first read of the address, once the slider bounds are known
  useEffect(() => {
    if (!bounds) return;
    if (ready.current) {
      dispatch({ type: 'bounds', bounds });
      return;
    }
    ready.current = true;
    const read = stateFromAddress(window.location, { bounds }, { width: width(), ...opts.current });
    const { intent } = read;
    const s = panelChosen.current ? { ...read.state, menuCollapsed: stateRef.current.menuCollapsed } : read.state;
    dispatch({ type: 'replace', state: s });
    // opened from a saved search: its columns (a column switched off also clears its filters)
    const columns = takeOpenedColumns();
    for (const column of ['measurements', 'availability'] as const)
      if (columns && !columns[column]) dispatch({ type: 'column', column, on: false });
    lastTab.current = s.tab;
    if (intent.kind === 'specials' || intent.kind === 'shape')
      dispatch({ type: 'route', page: intent.kind === 'shape' ? intent.shape : 'specials' });
    if (intent.kind !== 'lab-grown') {
      setSettled(true);
      return;
    }
    // not cleared when the bounds change (the index arriving): only on unmount
    labGrownTimer.current = window.setTimeout(() => {
      dispatch({ type: 'tab', tab: LAB_GROWN_TAB });
      setSettled(true);
    }, LAB_GROWN_TAB_DELAY_MS);
  }, [bounds]);
  useEffect(() => () => window.clearTimeout(labGrownTimer.current), []);

  // state -> address (not in the effects that read the address: their state is not shown yet,
  // and writing it would put the page's initial state in the address for one render)
  useEffect(() => {
    if (!settled) return;
    const next = withPasteParam(addressOf(state, width()), pastedParam()); // an open pasted list stays
    const here = window.location.pathname + window.location.search;
    if (next !== here) {
      if (state.tab !== lastTab.current) window.history.pushState(null, '', next);
      else window.history.replaceState(window.history.state, '', next);
    }
    lastTab.current = state.tab;
  }, [settled, state.tab, state.page, state.pageSize, state.sort, state.filters, state]);

  // back / forward -> state
  const boundsRef = useRef(bounds);
  boundsRef.current = bounds;
  const hasBounds = bounds != null;
  useEffect(() => {
    if (!hasBounds) return;
    const onPop = () => {
      const { state: s, intent } = stateFromAddress(
        window.location,
        { bounds: boundsRef.current! },
        {
          width: width(),
          ...opts.current,
          previous: stateRef.current,
        },
      );
      const next = intent.kind === 'lab-grown' ? listReducer(s, { type: 'tab', tab: LAB_GROWN_TAB }) : s;
      lastTab.current = next.tab;
      dispatch({ type: 'replace', state: next });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [hasBounds]);

  useEffect(() => dispatch({ type: 'authorised', authorised }), [authorised]);
  useEffect(() => dispatch({ type: 'dialogSettings', settings: dialogSettings }), [dialogSettings]);

  return [state, act, settled] as const;
}
