/** What both groups of the filter panel ('Filters' and 'More Filters') read. */
import type {
  FilterBounds,
  FilterChange,
  FilterState,
  MainTab,
  OptionalColumn,
  OptionalColumns,
  SliderHistograms,
} from '../../../domain/catalogue/index.ts';
import type { AvailabilityLabels } from '../../../stores/catalogue.ts';

export type GroupProps = {
  tab: MainTab;
  draft: FilterState;
  bounds: FilterBounds;
  authorised: boolean;
  columns: OptionalColumns;
  ccy: string;
  labels: AvailabilityLabels;
  /** the tab's weights and prices behind the sliders (signed-in traders), or null */
  histograms: SliderHistograms | null;
  onChange: (c: FilterChange) => void;
  onColumn: (column: OptionalColumn, on: boolean) => void;
};

/** The change handler of one filter of the draft. */
export const setter =
  (onChange: (c: FilterChange) => void) =>
  <K extends keyof FilterState>(key: K) =>
  (value: FilterState[K]) =>
    onChange({ key, value } as FilterChange);
