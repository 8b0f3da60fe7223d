/**
 * A list row's live state beside its stock code: "Left the stock" once the stream says it went
 * (the row is greyed until the next filter change), and for a signed-in trader "On hold" or
 * "Reserved" (never who) from the hold overlay. Visitors see no hold state.
 */
import { useStore } from '@nanostores/react';
import { $holds, holdOf } from '../../stores/holds.ts';
import { $liveStock } from '../../stores/live.ts';
import './live.css';

export function liveRowLabel(gone: boolean, hold: ReturnType<typeof holdOf>['kind']): string | null {
  if (gone) return 'Left the stock';
  if (hold === 'theirs') return 'On hold';
  if (hold === 'reserved') return 'Reserved';
  if (hold === 'mine') return 'Held by you';
  return null;
}

export function LiveRowState({ id }: { id: number }) {
  const { gone } = useStore($liveStock);
  const holds = useStore($holds);
  const label = liveRowLabel(gone.has(id), holdOf(holds, id).kind);
  return label ? <span className={`live-state${gone.has(id) ? ' is-gone' : ''}`}>{label}</span> : null;
}
