/**
 * The choice filters: shapes (icons of the tab's shape list, 'other' for the rest), grading
 * labs, special offers and availability (signed-in users, while its column is on).
 */
import { GRADING_LABS } from '../../../domain/grades.ts';
import { shapeIcon, type Availability, type CatType } from '../../../domain/diamond.ts';
import type { AvailabilityLabels } from '../../../stores/catalogue.ts';
import '../../../styles/switch.css';

const toggle = <T,>(list: readonly T[], item: T) =>
  list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
const title = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

export function ShapeFilter({
  shapes,
  catType,
  value,
  onChange,
}: {
  shapes: readonly string[];
  catType: CatType;
  value: readonly string[];
  onChange: (v: string[]) => void;
}) {
  return (
    <ul className="cat-shapes">
      {shapes.map((s) => {
        const on = value.includes(s);
        return (
          <li key={s}>
            <button
              type="button"
              className="cat-shapes__btn"
              aria-pressed={on}
              onClick={() => onChange(toggle(value, s))}
            >
              {s === 'other' ? (
                <span className="cat-shapes__other" aria-hidden="true">
                  …
                </span>
              ) : (
                // lazy: the first screen's frame is drawn without waiting on eleven image loads
                <img src={shapeIcon(s, catType)} alt="" width={34} height={34} loading="lazy" decoding="async" />
              )}
              <span>{title(s)}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

export function LabFilter({ value, onChange }: { value: readonly string[]; onChange: (v: string[]) => void }) {
  return (
    <div className="cat-chips" role="group" aria-label="Grading labs">
      {GRADING_LABS.map((lab) => (
        <button
          key={lab}
          type="button"
          className="cat-chip"
          aria-pressed={value.includes(lab)}
          onClick={() => onChange(toggle(value, lab))}
        >
          {lab}
        </button>
      ))}
    </div>
  );
}

export function Switch({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="switch">
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span className="switch__track" aria-hidden="true" />
      <span>{label}</span>
    </label>
  );
}

export function AvailabilityFilter({
  value,
  labels,
  onChange,
}: {
  value: readonly Availability[];
  labels: AvailabilityLabels;
  onChange: (v: Availability[]) => void;
}) {
  return (
    <div className="cat-chips" role="group" aria-label="Availability">
      {([1, 2, 3] as const).map((a) => (
        <button
          key={a}
          type="button"
          className="cat-chip"
          aria-pressed={value.includes(a)}
          onClick={() => onChange(toggle(value, a).sort())}
        >
          {labels[a]}
        </button>
      ))}
    </div>
  );
}
