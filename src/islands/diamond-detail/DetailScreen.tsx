/**
 * The detail screen: BACK TO ALL, the heading, tabs Details / Report / Diagram following the
 * address (report and diagram disabled for parcels), the image pane with its modes and the 360
 * toggle, the tab's panel, where the price sits among similar stones (signed-in traders, singles)
 * and the RELATED carousel. One column with the same tabs on phones.
 */
import { useEffect, useState } from 'react';
import { isParcel } from '../../domain/diamond.ts';
import { formatWeight } from '../../domain/money.ts';
import { ActionsPanel } from './ActionsPanel.tsx';
import { AttributeGrid } from './AttributeGrid.tsx';
import { DiagramPanel } from './DiagramPanel.tsx';
import { ImagePane } from './ImagePane.tsx';
import { PriceChart } from './PriceChart.tsx';
import { RelatedCarousel } from './RelatedCarousel.tsx';
import { ReportPanel } from './ReportPanel.tsx';
import { ShareDrawer } from './ShareDrawer.tsx';
import { PriceDrawer } from '../price/PriceDrawer.tsx';
import { DETAIL_TABS, kindLabel, shapeName, TAB_LABELS, type DetailTab } from './stone-view.ts';
import { useStone } from './useStone.ts';
import { routes } from '../../domain/routes.ts';

type Props = { id: number; tab: DetailTab; onTab: (tab: DetailTab) => void };

export function DetailScreen({ id, tab, onTab }: Props) {
  const stone = useStone(id);
  const [sharing, setSharing] = useState(false);
  const parcelOnOtherTab = stone.status === 'ready' && isParcel(stone.doc.StkCatType) && tab !== 'details';

  // a parcel has no report or diagram: its address says details
  useEffect(() => {
    if (parcelOnOtherTab) window.history.replaceState(null, '', routes.diamond(id, 'details'));
  }, [parcelOnOtherTab, id]);

  if (stone.status === 'loading')
    return (
      <p className="container sd-loading" aria-busy="true">
        Loading the stone…
      </p>
    );
  if (stone.status !== 'ready') {
    return (
      <div className="container sd-empty">
        <p className="eyebrow">Diamond details</p>
        <h1>{stone.status === 'missing' ? 'Stone not found' : 'Something went wrong'}</h1>
        <p>{stone.message}</p>
        <a className="btn" href={routes.catalogue}>
          Back to all
        </a>
      </div>
    );
  }

  const { doc, images, spin } = stone;
  const parcel = isParcel(doc.StkCatType);
  const shown: DetailTab = parcel ? 'details' : tab;
  const title = parcel
    ? `${shapeName(doc.StkShape)} parcel`
    : `${formatWeight(doc.STWeight)} ${shapeName(doc.StkShape)}`;

  return (
    <div className="container sd">
      <div className="sd-top">
        <a className="link sd-back" href={routes.catalogue}>
          <span aria-hidden="true">←</span> Back to all
        </a>
      </div>
      <header className="sd-head">
        <p className="eyebrow">
          {kindLabel(doc)} · <span className="num">{doc.StkCodeCalcNS}</span>
        </p>
        <h1 className="sd-title">{title}</h1>
        {!doc.inStock && <p className="sd-gone">This stone is no longer available.</p>}
      </header>

      <div className="tabs" role="tablist" aria-label="Stone information">
        {DETAIL_TABS.map((t) => {
          const disabled = parcel && t !== 'details';
          return (
            <button
              key={t}
              type="button"
              role="tab"
              id={`sd-tab-${t}`}
              aria-selected={shown === t}
              aria-controls="sd-panel"
              disabled={disabled}
              className="tab"
              onClick={() => onTab(t)}
            >
              {TAB_LABELS[t]}
            </button>
          );
        })}
      </div>

      <div className="sd-grid">
        <ImagePane
          doc={doc}
          images={images}
          spin={spin}
          onShowDetails={() => shown !== 'details' && onTab('details')}
        />
        <section className="sd-panel" id="sd-panel" role="tabpanel" aria-labelledby={`sd-tab-${shown}`}>
          {shown === 'details' && (
            <>
              <ActionsPanel doc={doc} onShare={() => setSharing(true)} />
              <AttributeGrid doc={doc} />
            </>
          )}
          {shown === 'report' && <ReportPanel doc={doc} />}
          {shown === 'diagram' && <DiagramPanel doc={doc} />}
        </section>
      </div>

      {!parcel && <PriceChart id={id} />}
      <RelatedCarousel id={id} />
      <ShareDrawer open={sharing} onOpenChange={setSharing} />
      <PriceDrawer />
    </div>
  );
}
