/**
 * Calls of the last 30 UTC days as a small SVG bar chart (errors in the darker part of each
 * bar), described for screen readers, with the same figures as a table behind a disclosure.
 */
import type { UsageDay } from './keys-api.ts';

const W = 600;
const H = 120;
const GAP = 4;

const fmtBytes = (n: number) =>
  n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : n >= 1024 ? `${(n / 1024).toFixed(1)} kB` : `${n} B`;

export function UsageChart({ days }: { days: UsageDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.calls));
  const total = days.reduce((s, d) => s + d.calls, 0);
  const errors = days.reduce((s, d) => s + d.errors, 0);
  const bar = W / days.length;
  const summary = `${total} calls and ${errors} errors in the last ${days.length} days; busiest day ${max === 1 && total === 0 ? 'none' : `${max} calls`}.`;
  return (
    <section className="acc-card api-usage" aria-labelledby="api-usage-title">
      <div className="acc-card__head">
        <h2 id="api-usage-title" className="acc-card__title">
          Usage
        </h2>
        <span className="acc-muted num" data-testid="usage-total">
          {total} {total === 1 ? 'call' : 'calls'} · 30 days
        </span>
      </div>
      <svg
        className="api-usage__chart"
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="api-usage-svg-title api-usage-svg-desc"
        preserveAspectRatio="none"
      >
        <title id="api-usage-svg-title">API calls per day, last 30 days</title>
        <desc id="api-usage-svg-desc">{summary}</desc>
        <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} className="api-usage__axis" />
        {days.map((d, i) => {
          const h = (d.calls / max) * (H - 4);
          const eh = (d.errors / max) * (H - 4);
          return (
            <g key={d.day}>
              <rect x={i * bar + GAP / 2} y={H - h} width={bar - GAP} height={h} className="api-usage__calls" />
              {d.errors > 0 && (
                <rect x={i * bar + GAP / 2} y={H - eh} width={bar - GAP} height={eh} className="api-usage__errors" />
              )}
            </g>
          );
        })}
      </svg>
      {total === 0 && <p className="acc-muted api-usage__legend">No calls yet. Calls made with your keys show here.</p>}
      <p className="acc-muted api-usage__legend">
        <span className="api-usage__swatch" aria-hidden="true" /> calls{' '}
        <span className="api-usage__swatch api-usage__swatch--err" aria-hidden="true" /> errors · days in UTC, oldest on
        the left
      </p>
      <details className="api-usage__table">
        <summary>Show the figures as a table</summary>
        <div className="acc-table-wrap">
          <table className="data-table">
            <caption className="sr-only">API usage per day</caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                <th scope="col" className="is-num">
                  Calls
                </th>
                <th scope="col" className="is-num">
                  Errors
                </th>
                <th scope="col" className="is-num">
                  Data
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.day}>
                  <th scope="row">{d.day}</th>
                  <td className="is-num">{d.calls}</td>
                  <td className="is-num">{d.errors}</td>
                  <td className="is-num">{fmtBytes(d.bytes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
