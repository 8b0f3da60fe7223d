/**
 * The 'Filters' group of the panel: shape, weight (a parcel's size), colour, clarity, price
 * (signed-in users only), certificates and special offers. For signed-in traders the weight and
 * price sliders show the tab's distribution behind their handles.
 */
import { PARCELS_TAB, tabCatType, tabShapeList } from '../../../domain/catalogue/index.ts';
import { LabFilter, ShapeFilter, Switch } from './ChoiceFilters.tsx';
import { ClarityFilter, ColourFilter } from './GradeFilters.tsx';
import { setter, type GroupProps } from './group-props.ts';
import { LinearFilter, PriceFilter } from './NumberFilters.tsx';
import { Section } from './Section.tsx';

export function MainFilters(p: GroupProps) {
  const f = p.draft;
  const set = setter(p.onChange);
  return (
    <>
      <Section title="Shape">
        <ShapeFilter
          shapes={tabShapeList(p.tab)}
          catType={tabCatType(p.tab)}
          value={f.shapes}
          onChange={set('shapes')}
        />
      </Section>
      <Section title={p.tab === PARCELS_TAB ? 'Size (ct)' : 'Weight (ct)'}>
        <LinearFilter
          label="Weight"
          value={f.weight}
          limits={p.bounds.weight}
          onChange={set('weight')}
          histogram={p.histograms?.weight}
          histogramPlace
        />
      </Section>
      <Section title="Colour">
        <ColourFilter value={f.colour} onChange={set('colour')} />
      </Section>
      <Section title="Clarity">
        <ClarityFilter value={f.clarity} onChange={set('clarity')} />
      </Section>
      {p.authorised && (
        <Section title="Price">
          <PriceFilter
            label="Price"
            value={f.price}
            onChange={set('price')}
            ccy={p.ccy}
            histogram={p.histograms?.price}
          />
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
}
