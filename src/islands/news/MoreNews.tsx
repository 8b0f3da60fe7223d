/**
 * More News carousel: 3 posts a slide on desktop, 1 on phones; arrows move the page index, and
 * above 6 posts a slider does too. Arrows are disabled at the ends.
 */
import { useEffect, useId, useState } from 'react';
import { PER_SLIDE_DESKTOP, PER_SLIDE_PHONE, showSlider, slides } from '../../domain/news.ts';
import { PostCardView, type CardPost } from './PostCardView.tsx';
import { PHONE_QUERY, useMedia } from '../ui/useMedia.ts';

const Arrow = ({ dir }: { dir: 'prev' | 'next' }) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.3"
    aria-hidden="true"
  >
    <path d={dir === 'prev' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
  </svg>
);

export default function MoreNews({ posts }: { posts: CardPost[] }) {
  const id = useId();
  const per = useMedia(PHONE_QUERY) ? PER_SLIDE_PHONE : PER_SLIDE_DESKTOP;
  const pages = slides(posts, per);
  const [page, setPage] = useState(0);
  const last = Math.max(0, pages.length - 1);
  const current = Math.min(page, last);
  useEffect(() => setPage((p) => Math.min(p, last)), [last]);

  if (posts.length === 0) return null;
  return (
    <div className="more-news" role="group" aria-roledescription="carousel" aria-label="More News">
      <div className="more-news__viewport">
        <ul className="more-news__track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {pages.map((slide, i) => (
            <li
              key={i}
              className="more-news__slide"
              style={{ gridTemplateColumns: `repeat(${per}, minmax(0, 1fr))` }}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${pages.length}`}
              aria-hidden={i !== current}
              inert={i !== current}
            >
              {slide.map((p) => (
                <PostCardView key={p.id} post={p} />
              ))}
            </li>
          ))}
        </ul>
      </div>
      {pages.length > 1 && (
        <div className="more-news__controls">
          <button
            type="button"
            className="more-news__arrow"
            aria-label="Previous news"
            disabled={current === 0}
            onClick={() => setPage(current - 1)}
          >
            <Arrow dir="prev" />
          </button>
          {showSlider(posts.length) ? (
            <>
              <label className="sr-only" htmlFor={`${id}-s`}>
                News page
              </label>
              <input
                id={`${id}-s`}
                className="more-news__slider"
                type="range"
                min={0}
                max={last}
                step={1}
                value={current}
                aria-valuetext={`Page ${current + 1} of ${pages.length}`}
                onChange={(e) => setPage(Number(e.target.value))}
              />
            </>
          ) : (
            <span className="more-news__spacer" />
          )}
          <span className="more-news__count num" aria-hidden="true">
            {String(current + 1).padStart(2, '0')} / {String(pages.length).padStart(2, '0')}
          </span>
          <button
            type="button"
            className="more-news__arrow"
            aria-label="Next news"
            disabled={current === last}
            onClick={() => setPage(current + 1)}
          >
            <Arrow dir="next" />
          </button>
        </div>
      )}
    </div>
  );
}
