/**
 * The side filter panel: sub-tabs 'Filters (n)' (n = changed filters) and 'More Filters'. Edits
 * go to the draft (useDraftFilters), so the list follows 500 ms later. Price and ppc filters
 * show only to signed-in users; measurement and availability filters only while their optional
 * columns are on. On phones the panel is a full view closed by 'View Results'.
 */
import { useState, type ReactNode } from 'react';
import {
  tabCatType,
  tabShapeList,
  type FilterBounds,
  type FilterChange,
  type FilterState,
  type MainTab,
  type OptionalColumn,
  type OptionalColumns,
} from '../../domain/catalogue/index.ts';
import type { AvailabilityLabels } from '../../stores/catalogue.ts';
import { AvailabilityFilter, LabFilter, ShapeFilter, Switch } from './filters/ChoiceFilters.tsx';
import { ClarityFilter, ColourFilter, FinishFilter, FluorescenceFilter } from './filters/GradeFilters.tsx';
import { LinearFilter, MeasurementFilter, PriceFilter } from './filters/NumberFilters.tsx';
import { DEPTH_LIMITS, TABLE_LIMITS } from '../../domain/catalogue/sliders.ts';

type Props = {
  id: string;
  tab: MainTab;
  draft: FilterState;
  bounds: FilterBounds;
  count: number;
  authorised: boolean;
  columns: OptionalColumns;
  ccy: string;
  labels: AvailabilityLabels;
  onChange: (c: FilterChange) => void;
  onColumn: (column: OptionalColumn, on: boolean) => void;
  onReset: () => void;
  onViewResults: () => void;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="cat-filter">
      <legend className="cat-filter__title">{title}</legend>
      {children}
    </fieldset>
  );
}

export function FilterPanel(p: Props) {
  const [sub, setSub] = useState<'main' | 'more'>('main');
  const f = p.draft;
  const set =
    <K extends keyof FilterState>(key: K) =>
    (value: FilterState[K]) =>
      p.onChange({ key, value } as FilterChange);
  const main = (
    <>
      <Section title="Shape">
        <ShapeFilter
          shapes={tabShapeList(p.tab)}
          catType={tabCatType(p.tab)}
          value={f.shapes}
          onChange={set('shapes')}
        />
      </Section>
      <Section title={p.tab === 2 ? 'Size (ct)' : 'Weight (ct)'}>
        <LinearFilter label="Weight" value={f.weight} limits={p.bounds.weight} onChange={set('weight')} />
      </Section>
      <Section title="Colour">
        <ColourFilter value={f.colour} onChange={set('colour')} />
      </Section>
      <Section title="Clarity">
        <ClarityFilter value={f.clarity} onChange={set('clarity')} />
      </Section>
      {p.authorised && (
        <Section title="Price">
          <PriceFilter label="Price" value={f.price} onChange={set('price')} ccy={p.ccy} />
        </Section>
      )}
      <Section title="Certificates">
        <LabFilter value={f.gradingLabs} onChange={set('gradingLabs')} />
      </Section>
      <Section title="Special offers">
        <Switch label="Special offers only" checked={f.specialOffers} onChange={set('specialOffers')} />
      </Section>
    </>
  );
  const more = (
    <>
      {p.tab !== 2 && (
        <>
          <Section title="Cut">
            <FinishFilter label="Cut" value={f.cut} onChange={set('cut')} />
          </Section>
          <Section title="Polish">
            <FinishFilter label="Polish" value={f.polish} onChange={set('polish')} />
          </Section>
          <Section title="Symmetry">
            <FinishFilter label="Symmetry" value={f.symmetry} onChange={set('symmetry')} />
          </Section>
        </>
      )}
      <Section title="Fluorescence">
        <FluorescenceFilter value={f.fluorescence} onChange={set('fluorescence')} />
      </Section>
      {p.authorised && (
        <Section title="Price per carat">
          <PriceFilter label="Price per carat" value={f.ppc} onChange={set('ppc')} ccy={p.ccy} />
        </Section>
      )}
      <Section title="Depth %">
        <LinearFilter
          label="Depth"
          value={f.depth}
          limits={DEPTH_LIMITS}
          onChange={set('depth')}
          unit="%"
          decimals={1}
        />
      </Section>
      <Section title="Table %">
        <LinearFilter
          label="Table"
          value={f.table}
          limits={TABLE_LIMITS}
          onChange={set('table')}
          unit="%"
          decimals={1}
        />
      </Section>
      <Section title="Columns">
        <Switch
          label="Measurements"
          checked={p.columns.measurements}
          onChange={(on) => p.onColumn('measurements', on)}
        />
        {p.authorised && (
          <Switch
            label="Availability"
            checked={p.columns.availability}
            onChange={(on) => p.onColumn('availability', on)}
          />
        )}
      </Section>
      {p.columns.measurements && (
        <Section title="Measurements (mm)">
          <div className="cat-filter__stack">
            <span className="cat-filter__sub">Length</span>
            <MeasurementFilter
              label="Length"
              value={f.measurementsLength}
              limits={p.bounds.measurementsLength}
              onChange={set('measurementsLength')}
            />
            <span className="cat-filter__sub">Width</span>
            <MeasurementFilter
              label="Width"
              value={f.measurementsWidth}
              limits={p.bounds.measurementsWidth}
              onChange={set('measurementsWidth')}
            />
            <span className="cat-filter__sub">Depth</span>
            <MeasurementFilter
              label="Depth (mm)"
              value={f.measurementsDepth}
              limits={p.bounds.measurementsDepth}
              onChange={set('measurementsDepth')}
            />
          </div>
        </Section>
      )}
      {p.authorised && p.columns.availability && (
        <Section title="Availability">
          <AvailabilityFilter value={f.availability} labels={p.labels} onChange={set('availability')} />
        </Section>
      )}
    </>
  );
  return (
    <aside className="cat-panel" id={p.id} aria-label="Filters">
      <div className="cat-panel__tabs" role="tablist" aria-label="Filter groups">
        <button type="button" role="tab" aria-selected={sub === 'main'} onClick={() => setSub('main')}>
          Filters ({p.count})
        </button>
        <button type="button" role="tab" aria-selected={sub === 'more'} onClick={() => setSub('more')}>
          More Filters
        </button>
      </div>
      <div className="cat-panel__body" role="tabpanel">
        {sub === 'main' ? main : more}
      </div>
      <div className="cat-panel__foot">
        <button type="button" className="btn btn--ghost btn--small" onClick={p.onReset} disabled={p.count === 0}>
          Reset filters
        </button>
        <button type="button" className="btn btn--small cat-panel__results" onClick={p.onViewResults}>
          View Results
        </button>
      </div>
    </aside>
  );
}
