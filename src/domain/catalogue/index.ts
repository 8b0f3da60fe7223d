/**
 * The catalogue's pure rules: filter set, sliders, shapes, tabs, the columnar index with its
 * filtering and sorting, the list-state reducer, the address form of the state, and pricing.
 * See docs/decisions/002-catalogue-filtering.md for the speed design.
 */
export * from './filter-state.ts';
export * from './sliders.ts';
export * from './shapes.ts';
export * from './tabs.ts';
export * from './prepare.ts';
export * from './replace-rows.ts';
export * from './settle-rows.ts';
export * from './id-rows.ts';
export * from './filter.ts';
export * from './sort.ts';
export * from './list-state.ts';
export * from './url-state.ts';
export * from './pricing.ts';
export * from './histograms.ts';
