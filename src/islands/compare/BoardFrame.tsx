/**
 * The frame of a compare board: the label column (side by side on wide screens; on phones each
 * stone carries its own labels) and the stones' columns as `children`. `useBoardRows` gives the
 * rows shown, with their marks, for the stones and the "Show only differences" switch.
 */
import type { ReactNode } from 'react';
import type { DiamondDoc } from '../../domain/diamond.ts';
import { usePricing } from '../diamond-detail/stone-view.ts';
import { PHONE_QUERY, useMedia } from '../ui/useMedia.ts';
import { markRows, type RowMark } from './compare-rows.ts';

/** The rows shown for `items` (priced ones for signed-in traders), only differing ones when asked. */
export function useBoardRows(items: readonly DiamondDoc[], onlyDifferences: boolean): RowMark[] {
  const pricing = usePricing();
  return markRows(items, pricing).filter((r) => !onlyDifferences || r.differs || r.always);
}

export const usePhoneBoard = () => useMedia(PHONE_QUERY, { clientOnly: true });

export function BoardFrame({ rows, phone, children }: { rows: RowMark[]; phone: boolean; children: ReactNode }) {
  return (
    <div className={phone ? 'cmp-board cmp-board--vertical' : 'cmp-board'}>
      {!phone && (
        <dl className="cmp-labels" aria-hidden="true">
          <div className="cmp-labels__head" />
          {rows.map((r) => (
            <dt key={r.label} className={r.differs ? 'is-diff' : undefined}>
              {r.label}
              {r.differs && <span className="cmp-diff-mark">≠</span>}
            </dt>
          ))}
        </dl>
      )}
      {children}
    </div>
  );
}
