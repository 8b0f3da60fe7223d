/**
 * "Show only differences": a switch above the compare board (needs two stones to compare), the
 * legend of the marks, and `children` at the end of the row (the Share action).
 */
import type { ReactNode } from 'react';
import '../../styles/switch.css';

type Props = { on: boolean; disabled: boolean; onChange: (on: boolean) => void; children?: ReactNode };

export function DifferencesSwitch({ on, disabled, onChange, children }: Props) {
  return (
    <div className="cmp-tools">
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="switch__track" aria-hidden="true" />
        <span>Show only differences</span>
      </label>
      <p className="cmp-legend">
        <span className="cmp-diff-mark" aria-hidden="true">
          ≠
        </span>{' '}
        marks a row where the stones differ; <span className="cmp-best">Best</span> the best value of a row.
      </p>
      {children}
    </div>
  );
}
