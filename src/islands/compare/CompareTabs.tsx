/** The compare tabs (Single / Lab grown / Parcel) with how many stones each shows. */
import { COMPARE_TAB_LABELS, COMPARE_TABS, type CompareTab } from '../../domain/catalogue/tabs.ts';

type Props = { tab: CompareTab; counts: Record<CompareTab, number>; onChange: (tab: CompareTab) => void };

export function CompareTabs({ tab, counts, onChange }: Props) {
  return (
    <div className="tabs" role="tablist" aria-label="Compare by category">
      {COMPARE_TABS.map((t) => (
        <button key={t} type="button" role="tab" aria-selected={tab === t} className="tab" onClick={() => onChange(t)}>
          {COMPARE_TAB_LABELS[t]} <span className="tab__count num">{counts[t]}</span>
        </button>
      ))}
    </div>
  );
}
