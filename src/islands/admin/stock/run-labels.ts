/** How the stock history names a run's mode and origin (its status: StatusBadge). */
import type { RunMode, RunSummary } from '../../../domain/stock-import.ts';

export const MODE_LABEL: Record<RunMode, string> = { update: 'Update', replace: 'Replace all' };

export const originLabel = (r: Pick<RunSummary, 'origin' | 'originLabel'>) =>
  r.origin === 'api_key'
    ? `API key “${r.originLabel}”`
    : r.origin === 'source'
      ? `Source “${r.originLabel}”`
      : r.originLabel || 'Staff';
