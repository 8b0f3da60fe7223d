/**
 * The 'More Filters' group of the panel: cut, polish and symmetry (not for parcels),
 * fluorescence, price per carat (signed-in users), depth and table %, the optional columns,
 * and the measurement and availability filters while their columns are on (availability:
 * signed-in users only).
 */
import { PARCELS_TAB } from '../../../domain/catalogue/index.ts';
import { DEPTH_LIMITS, TABLE_LIMITS } from '../../../domain/catalogue/sliders.ts';
import { AvailabilityFilter, Switch } from './ChoiceFilters.tsx';
import { FinishFilter, FluorescenceFilter } from './GradeFilters.tsx';
import { setter, type GroupProps } from './group-props.ts';
import { LinearFilter, MeasurementFilter, PriceFilter } from './NumberFilters.tsx';
import { Section } from './Section.tsx';

const FINISHES = [
  { key: 'cut', label: 'Cut' },
  { key: 'polish', label: 'Polish' },
  { key: 'symmetry', label: 'Symmetry' },
] as const;
const PERCENTS = [
  { key: 'depth', label: 'Depth', limits: DEPTH_LIMITS },
  { key: 'table', label: 'Table', limits: TABLE_LIMITS },
] as const;
const MEASUREMENTS = [
  { key: 'measurementsLength', sub: 'Length', label: 'Length' },
  { key: 'measurementsWidth', sub: 'Width', label: 'Width' },
  { key: 'measurementsDepth', sub: 'Depth', label: 'Depth (mm)' },
] as const;

export function MoreFilters(p: GroupProps) {
  const f = p.draft;
  const set = setter(p.onChange);
  return (
    <>
      {p.tab !== PARCELS_TAB &&
        FINISHES.map(({ key, label }) => (
          <Section key={key} title={label}>
            <FinishFilter label={label} value={f[key]} onChange={set(key)} />
          </Section>
        ))}
      <Section title="Fluorescence">
        <FluorescenceFilter value={f.fluorescence} onChange={set('fluorescence')} />
      </Section>
      {p.authorised && (
        <Section title="Price per carat">
          <PriceFilter label="Price per carat" value={f.ppc} onChange={set('ppc')} ccy={p.ccy} />
        </Section>
      )}
      {PERCENTS.map(({ key, label, limits }) => (
        <Section key={key} title={`${label} %`}>
          <LinearFilter label={label} value={f[key]} limits={limits} onChange={set(key)} unit="%" decimals={1} />
        </Section>
      ))}
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
            {MEASUREMENTS.map(({ key, sub, label }) => [
              <span key={`${key}-sub`} className="cat-filter__sub">
                {sub}
              </span>,
              <MeasurementFilter key={key} label={label} value={f[key]} limits={p.bounds[key]} onChange={set(key)} />,
            ])}
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
}
