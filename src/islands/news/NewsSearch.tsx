/**
 * News search: a search box over the posts embedded in the page at build time. On load it reads
 * `keywords` from the address (the header search sends /news?keywords=...), shows the matches,
 * jumps to the search anchor and sets the address back to /news. Case-insensitive over title,
 * content and tags (src/domain/news.ts); no match shows 'Your search query using "{keywords}"
 * has returned no results.'
 */
import { useEffect, useId, useRef, useState } from 'react';
import { emptySearchText, searchPosts, type NewsPost } from '../../domain/news.ts';
import { PostCardView, type CardPost } from './PostCardView.tsx';
import { routes } from '../../domain/routes.ts';

type Props = { posts: (NewsPost & CardPost)[] };

export default function NewsSearch({ posts }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const anchor = useRef<HTMLElement>(null);

  useEffect(() => {
    const keywords = new URLSearchParams(location.search).get('keywords')?.trim();
    if (!keywords) return;
    setText(keywords);
    setQuery(keywords);
    history.replaceState(history.state, '', routes.news);
    requestAnimationFrame(() => anchor.current?.scrollIntoView({ block: 'start' }));
  }, []);

  const hits = query == null ? [] : searchPosts(posts, query);
  return (
    <section id="search" ref={anchor} className="news-search" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="sr-only">
        Search news
      </h2>
      <form
        className="news-search__form"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(text.trim() || null);
        }}
      >
        <label className="sr-only" htmlFor={`${id}-q`}>
          Search news
        </label>
        <input
          id={`${id}-q`}
          className="input news-search__input"
          type="search"
          name="keywords"
          placeholder="Search news by title, topic or tag"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (!e.target.value) setQuery(null);
          }}
        />
        <button className="btn" type="submit">
          Search
        </button>
      </form>
      {query != null && (
        <div className="news-search__results" aria-live="polite">
          {hits.length === 0 ? (
            <p className="news-search__empty">{emptySearchText(query)}</p>
          ) : (
            <>
              <p className="news-search__count">
                {hits.length} {hits.length === 1 ? 'article' : 'articles'} for “{query}”
              </p>
              <ul className="pc-grid">
                {hits.map((p) => (
                  <li key={p.id}>
                    <PostCardView post={p} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
