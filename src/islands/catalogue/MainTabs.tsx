/**
 * Main tabs: Singles, Lab Grown, Parcels and, when enabled, Coloured, each with its stock
 * count; until the island knows the counts, an empty count shows the server's (panel.css,
 * api/services/catalogue/list-page-frame.ts), so nothing moves when they arrive. The placeholders: Parcels for a visitor (opens the e-mail login dialog, returning
 * here) and Coloured (coming soon).
 */
import { MAIN_TAB_LABELS, type MainTab } from '../../domain/catalogue/index.ts';
import { openDialog } from '../../stores/dialog.ts';

const count = new Intl.NumberFormat('en-GB');

type Props = { tab: MainTab; counts: Record<MainTab, number> | null; coloured: boolean; onTab: (t: MainTab) => void };

export function MainTabs({ tab, counts, coloured, onTab }: Props) {
  const tabs: MainTab[] = coloured ? [0, 1, 2, 3] : [0, 1, 2];
  return (
    <div className="cat-tabs" role="tablist" aria-label="Stock groups">
      {tabs.map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          className="cat-tabs__tab"
          aria-selected={tab === t}
          aria-controls="cat-list"
          onClick={() => onTab(t)}
        >
          {MAIN_TAB_LABELS[t]}
          {t !== 3 && <span className="cat-tabs__count">{counts ? count.format(counts[t]) : ''}</span>}
        </button>
      ))}
    </div>
  );
}

export function ParcelsPlaceholder() {
  return (
    <button
      type="button"
      className="cat-placeholder"
      onClick={() => openDialog('email', { returnTo: window.location.pathname + window.location.search })}
    >
      <span className="eyebrow">Parcels</span>
      <span className="cat-placeholder__title">Sign in or register to view our parcels</span>
      <span className="cat-placeholder__text">
        Melee and calibrated parcels are listed for approved trade accounts only.
      </span>
      <span className="btn btn--small">Login / Register</span>
    </button>
  );
}

export function ColouredPlaceholder() {
  return (
    <div className="cat-placeholder cat-placeholder--still" role="img" aria-label="Coloured diamonds: coming soon">
      <span className="eyebrow">Coloured</span>
      <span className="cat-placeholder__title">Coloured diamonds are coming soon</span>
      <span className="cat-placeholder__text">Fancy yellows, pinks and blues will join the stock list shortly.</span>
    </div>
  );
}
