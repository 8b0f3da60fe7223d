/**
 * WHERE THIS PRICE SITS (signed-in traders, singles): a strip of the prices per carat of the
 * similar stones in stock (same shape and origin, colour and clarity within one grade, weight
 * within 10 %), this stone marked in the accent, the median as a dashed line, and the count.
 * The drawing is hidden from screen readers; the text summary under it says the same in words.
 * Under MIN_SIMILAR similar stones the text says so and nothing is drawn. Visitors get nothing
 * rendered and nothing fetched.
 */
import { MIN_SIMILAR, SIMILAR_WEIGHT_PCT, summaryText, wholePrice } from '../../domain/catalogue/similar-prices.ts';
import { labelAnchor, pct, stripScale } from './price-chart-geometry.ts';
import { useSimilarPrices, type SimilarPrices } from './usePriceChart.ts';
import './price-chart.css';

const AXIS_Y = 46;

export function PriceChart({ id }: { id: number }) {
  const { data, error, loading } = useSimilarPrices(id, true);
  if (!data && !loading && error == null) return null; // a visitor: nothing asked, nothing shown
  return (
    <section className="sd-where" aria-labelledby="sd-where-title" aria-busy={loading}>
      <h2 id="sd-where-title" className="sd-where__title">
        Where this price sits
      </h2>
      {error != null ? (
        <p className="sd-where__note">The similar stones could not be loaded.</p>
      ) : data ? (
        <Strip data={data} />
      ) : (
        <div className="sd-where__placeholder" aria-hidden="true" />
      )}
    </section>
  );
}

function Strip({ data }: { data: SimilarPrices }) {
  const { own, points, summary, ccy } = data;
  const text = summaryText(own, summary, ccy);
  const criteria = `Similar: same shape and origin, colour and clarity within one grade, weight within ${SIMILAR_WEIGHT_PCT} %.`;
  if (summary.count < MIN_SIMILAR || summary.median == null) {
    return (
      <p className="sd-where__summary" data-testid="price-chart-summary">
        {text} <span className="sd-where__note">{criteria}</span>
      </p>
    );
  }
  const x = stripScale(own == null ? points : [...points, own]);
  const mid = x(summary.median);
  const me = own == null ? null : x(own);
  return (
    <figure className="sd-where__figure">
      <svg className="sd-where__svg" width="100%" height="84" aria-hidden="true" focusable="false">
        <line className="sd-where__axis" x1="0" x2="100%" y1={AXIS_Y} y2={AXIS_Y} />
        {points.map((p, i) => (
          <line key={i} className="sd-where__tick" x1={pct(x(p))} x2={pct(x(p))} y1={AXIS_Y - 10} y2={AXIS_Y + 10} />
        ))}
        <line className="sd-where__median" x1={pct(mid)} x2={pct(mid)} y1={18} y2={AXIS_Y + 14} />
        <text className="sd-where__label" x={pct(mid)} y={12} textAnchor={labelAnchor(mid)}>
          Median {wholePrice(summary.median, ccy)}
        </text>
        {me != null && own != null && (
          <>
            <svg x={pct(me)} y={AXIS_Y} overflow="visible">
              <path className="sd-where__me" d="M0 -8 L8 0 L0 8 L-8 0 Z" />
            </svg>
            <text
              className="sd-where__label sd-where__label--me"
              x={pct(me)}
              y={AXIS_Y + 32}
              textAnchor={labelAnchor(me)}
            >
              This stone {wholePrice(own, ccy)}
            </text>
          </>
        )}
      </svg>
      <div className="sd-where__ends num" aria-hidden="true">
        <span>{wholePrice(summary.min ?? 0, ccy)} /ct</span>
        <span>{summary.count} similar stones in stock</span>
        <span>{wholePrice(summary.max ?? 0, ccy)} /ct</span>
      </div>
      <figcaption className="sd-where__summary" data-testid="price-chart-summary">
        {text} <span className="sd-where__note">{criteria}</span>
      </figcaption>
    </figure>
  );
}
