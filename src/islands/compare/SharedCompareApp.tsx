/**
 * A shared compare (/diamonds/compare/shared?t={token}): the stones a signed link names, in its
 * order, on the compare board in read-only mode (no reorder, no remove): the differing rows
 * marked, the best values, "Show only differences", tabs when the stones span categories.
 * Visitors see the grades and no prices (the server sends none); a signed-in trader sees their
 * own prices in their currency and may put a stone in their bag. A stone sold since the link
 * was made is named as no longer available; a link that is not ours says so.
 */
import { useEffect, useMemo, useState } from 'react';
import { compareTabCounts, compareTabItems, COMPARE_TABS, type CompareTab } from '../../domain/catalogue/tabs.ts';
import type { DiamondDoc } from '../../domain/diamond.ts';
import { routes } from '../../domain/routes.ts';
import { ApiError, call, client, type AnswerOf } from '../../lib/api.ts';
import { addToBag } from '../../stores/bag.ts';
import { openDialog } from '../../stores/dialog.ts';
import { loadLists } from '../../stores/favourites.ts';
import { $session, loadSession } from '../../stores/session.ts';
import { loadSite } from '../../stores/site.ts';
import { usePricing } from '../diamond-detail/stone-view.ts';
import { useListBadges } from '../favourites/useListBadges.ts';
import { AT_BUILD } from '../ui/at-build.ts';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { BoardFrame, useBoardRows, usePhoneBoard } from './BoardFrame.tsx';
import { ColumnContent, columnTitle } from './ColumnContent.tsx';
import { CompareTabs } from './CompareTabs.tsx';
import { DifferencesSwitch } from './DifferencesSwitch.tsx';
import '../../styles/tabs.css';
import './compare.css';
import './compare-marks.css';
import './compare-share.css';

type Shared = AnswerOf<typeof client.compare.shared.$get>;
type SharedDoc = Shared['docs'][number];
type BoardDoc = DiamondDoc & { inStock: boolean };

/** The board reads every stone as a DiamondDoc: a visitor's price-free one has no special offer to show. */
const boardDoc = (d: SharedDoc): BoardDoc => ({ WebSpecial: 0, specialOffer: false, ...d }) as BoardDoc;

export default function SharedCompareApp() {
  const session = useIslandStore($session, AT_BUILD.session);
  const token = useMemo(() => new URLSearchParams(window.location.search).get('t') ?? '', []);
  const who = session.status === 'ready' ? String(session.user?._id ?? 'visitor') : null;
  const { data, error, reload } = useApiQuery(who == null || token === '' ? null : `${who}|${token}`, (signal) =>
    call(client.compare.shared.$get({ query: { t: token } }, { init: { signal } })),
  );
  useListBadges();
  useEffect(() => {
    void loadSession();
    void loadSite();
    void loadLists();
  }, []);

  if (token === '' || (error instanceof ApiError && error.status >= 400 && error.status < 500)) return <NotShared />;
  if (error)
    return (
      <p className="list-note" role="alert">
        The shared stones could not be loaded.{' '}
        <button type="button" className="cmp-inline" onClick={reload}>
          Try again
        </button>
      </p>
    );
  if (!data)
    return (
      <p className="list-note" aria-busy="true">
        Loading the shared stones…
      </p>
    );
  return <SharedBoard shared={data} />;
}

function NotShared() {
  return (
    <div className="list-empty" role="alert">
      <h2>This link is not a shared compare</h2>
      <p>It may have been copied only in part. Ask for the link again, or browse the stock.</p>
      <a className="btn" href={routes.catalogue}>
        Browse all diamonds
      </a>
    </div>
  );
}

function SharedBoard({ shared }: { shared: Shared }) {
  const docs = useMemo(() => shared.docs.map(boardDoc), [shared.docs]);
  const ids = docs.map((d) => d._id);
  const counts = compareTabCounts(ids, docs);
  const first = COMPARE_TABS.find((t) => counts[t] > 0) ?? 0;
  const [chosen, setTab] = useState<CompareTab | null>(null);
  const tab = chosen ?? first;
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const items = compareTabItems(ids, docs, tab);
  const pricing = usePricing();
  const many = COMPARE_TABS.filter((t) => counts[t] > 0).length > 1;

  return (
    <div className="cmp cmp--shared">
      <p className="cmp-shared__note">
        {shared.priced ? (
          <>Prices in {pricing.ccy}, as your compare list shows them.</>
        ) : (
          <>
            Grades only: prices are for signed-in traders.
            <button
              type="button"
              className="btn btn--ghost btn--small"
              onClick={() => openDialog('login', { returnTo: window.location.pathname + window.location.search })}
            >
              Sign in
            </button>
          </>
        )}
      </p>
      {many && <CompareTabs tab={tab} counts={counts} onChange={setTab} />}
      {items.length > 0 && (
        <>
          <DifferencesSwitch on={onlyDifferences} disabled={items.length < 2} onChange={setOnlyDifferences} />
          <ReadOnlyBoard items={items} onlyDifferences={onlyDifferences} priced={shared.priced} />
        </>
      )}
      {shared.gone.length > 0 && (
        <p className="list-note cmp-gone">
          {shared.gone.length === 1 ? 'One shared stone is' : `${shared.gone.length} shared stones are`} no longer
          available
          {shared.gone.some((g) => g.stockCode) &&
            `: ${shared.gone.map((g) => g.stockCode ?? 'a stone no longer listed').join(', ')}`}
          .
        </p>
      )}
    </div>
  );
}

function ReadOnlyBoard({
  items,
  onlyDifferences,
  priced,
}: {
  items: BoardDoc[];
  onlyDifferences: boolean;
  priced: boolean;
}) {
  const rows = useBoardRows(items, onlyDifferences);
  const phone = usePhoneBoard();
  return (
    <BoardFrame rows={rows} phone={phone}>
      <ol className="cmp-columns" aria-label="Shared stones">
        {items.map((d, i) => (
          <li key={d._id} className="cmp-col" data-stone-id={d._id} aria-label={`${i + 1}. ${columnTitle(d)}`}>
            <ColumnContent doc={d} position={i + 1} rows={rows} />
            {priced && (
              <div className="cmp-shared__actions">
                <button type="button" className="btn btn--small" onClick={() => void addToBag(d)}>
                  Add to bag<span className="sr-only"> ({d.StkCodeCalcNS})</span>
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
    </BoardFrame>
  );
}
