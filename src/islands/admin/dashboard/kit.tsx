/**
 * Small shared pieces of the back-office screens (posts, requests, messages, settings,
 * stock, audit, dashboard): a notice line (and the one for a failed load), a pager and
 * formatters. Screens load with ui/useApiQuery.ts. Styles in kit.css.
 */
import { generalMessage } from '../../dialogs/use-form.ts';
import { formatPriceOrNA } from '../../../domain/bag/pricing.ts';
import { statusLabel } from '../../../domain/status-label.ts';
import './kit.css';

export { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
export { generalMessage };

export type Paged<T> = { docs: T[]; totalDocs: number; page: number; limit: number };
export type NoticeState = { kind: 'info' | 'error'; text: string } | null;

/** The notice for a load that failed (`error` from useApiQuery), or none. */
export const failedNotice = (error: unknown): NoticeState =>
  error == null ? null : { kind: 'error', text: generalMessage(error) };

export function Notice({ notice }: { notice: NoticeState }) {
  if (!notice) return null;
  return (
    <p
      className={`fx-notice${notice.kind === 'error' ? ' fx-notice--error' : ''}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      {notice.text}
    </p>
  );
}

export function Pager({
  page,
  total,
  limit,
  onPage,
}: {
  page: number;
  total: number;
  limit: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav className="adm-pager" aria-label="Pages">
      <button type="button" className="btn btn--ghost btn--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="num">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="btn btn--ghost btn--small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

const dateFmt = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
const timeFmt = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
export const fmtDate = (iso: string) => dateFmt.format(new Date(iso));
export const fmtDateTime = (iso: string) => timeFmt.format(new Date(iso));

/** An amount in minor units as '£1,234.50' (the catalogue's formatting); 'N/A' when missing. */
export const fmtMoney = (cents: number | null | undefined, ccy: string): string =>
  formatPriceOrNA(cents == null ? null : cents / 100, ccy);

/** A count with thousands separators: 20,000. */
export const fmtCount = (x: number) => x.toLocaleString('en-GB');

export function StatusBadge({ status }: { status: string }) {
  return <span className={`adk-badge adk-badge--${status}`}>{statusLabel(status)}</span>;
}

/** A labelled drop-down that narrows an admin list (Show, Kind, API access): value -> label. */
export function ListSelect<K extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: K;
  options: Record<K, string>;
  onChange: (value: K) => void;
}) {
  return (
    <label className="adm-select">
      <span className="field__label">{label}</span>
      <select className="select" value={value} onChange={(e) => onChange(e.target.value as K)}>
        {(Object.entries(options) as [K, string][]).map(([k, text]) => (
          <option key={k} value={k}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
