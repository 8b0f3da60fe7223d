/**
 * RELATED: stones of the same shape and category, three to a slide (two on phones),
 * with previous/next. A card opens the stone's details.
 */
import { useState } from 'react';
import type { DiamondDoc } from '../../domain/diamond.ts';
import { formatRange, formatWeight } from '../../domain/money.ts';
import { shapeName, usePricing } from './stone-view.ts';
import { useRelated } from './useStone.ts';
import { PHONE_QUERY, useMedia } from '../ui/useMedia.ts';
import './related.css';
import { routes } from '../../domain/routes.ts';

export function RelatedCarousel({ id }: { id: number }) {
  const docs = useRelated(id, true);
  const perSlide = useMedia(PHONE_QUERY, { clientOnly: true }) ? 2 : 3;
  const [slide, setSlide] = useState(0);
  const pricing = usePricing();
  if (docs.length === 0) return null;
  const slides = Math.ceil(docs.length / perSlide);
  const current = Math.min(slide, slides - 1);
  const shown = docs.slice(current * perSlide, current * perSlide + perSlide);

  return (
    <section className="sd-related" aria-labelledby="sd-related-title" aria-roledescription="carousel">
      <div className="sd-related__head">
        <h2 id="sd-related-title" className="sd-related__title">
          RELATED
        </h2>
        {slides > 1 && (
          <div className="sd-related__nav">
            <button
              type="button"
              aria-label="Previous related stones"
              disabled={current === 0}
              onClick={() => setSlide(current - 1)}
            >
              ‹
            </button>
            <span className="num">
              {current + 1} / {slides}
            </span>
            <button
              type="button"
              aria-label="Next related stones"
              disabled={current >= slides - 1}
              onClick={() => setSlide(current + 1)}
            >
              ›
            </button>
          </div>
        )}
      </div>
      <ul className="sd-related__list" style={{ gridTemplateColumns: `repeat(${perSlide}, minmax(0, 1fr))` }}>
        {shown.map((d) => (
          <li key={d._id}>
            <RelatedCard doc={d} price={pricing.price(d)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RelatedCard({ doc: d, price }: { doc: DiamondDoc; price: string | null }) {
  return (
    <a className="sd-card" href={routes.diamond(d._id)}>
      <span className="sd-card__img">
        <img src={d.img} alt="" loading="lazy" />
      </span>
      <span className="sd-card__title">
        {formatWeight(d.STWeight)} {shapeName(d.StkShape)}
      </span>
      <span className="sd-card__meta num">
        {formatRange(d.Colour)} · {formatRange(d.Clarity)} · {d.StkCodeCalcNS}
      </span>
      {price && <span className="sd-card__price num">{price}</span>}
    </a>
  );
}
