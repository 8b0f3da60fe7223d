import { describe, expect, it } from 'vitest';
import {
  emptySearchText,
  htmlToText,
  neighbours,
  postLink,
  relatedPosts,
  searchPosts,
  showSlider,
  slides,
  type NewsPost,
} from '../../src/domain/news.ts';
import { SLUG_MAX, slugOf } from '../../src/domain/slug.ts';

const post = (id: number, title: string, related: string[] = [], text = ''): NewsPost => ({
  id,
  title,
  url: `/news/p${id}`,
  snippet: '',
  date: '2026-01-01',
  src: '',
  related,
  text,
});
const posts = [
  post(1, 'Spring Viewing Days', ['events', 'company'], 'Come to Hatton Garden.'),
  post(2, 'Elongated shapes', ['grading'], 'Ovals and pears are popular.'),
  post(3, 'API live stock', ['platform', 'company'], 'Connect your shop.'),
  post(4, 'Fluorescence explained', ['grading'], 'Blue glow under UV.'),
  post(5, 'Melee parcels', ['parcels', 'grading'], 'Sieve sizes.'),
  post(6, 'Lonely post', [], 'Nothing shared.'),
];

describe('news search', () => {
  it('is case-insensitive over title, content text and tags', () => {
    expect(searchPosts(posts, 'VIEWING').map((p) => p.id)).toEqual([1]);
    expect(searchPosts(posts, 'uv').map((p) => p.id)).toEqual([4]);
    expect(searchPosts(posts, 'Parcels').map((p) => p.id)).toEqual([5]);
    expect(searchPosts(posts, 'company').map((p) => p.id)).toEqual([1, 3]);
  });
  it('needs every word to match and returns all posts for blank keywords', () => {
    expect(searchPosts(posts, 'grading ovals').map((p) => p.id)).toEqual([2]);
    expect(searchPosts(posts, '   ')).toHaveLength(6);
    expect(searchPosts(posts, 'zircon')).toEqual([]);
  });
  it('says the spec empty-result text', () => {
    expect(emptySearchText('zircon')).toBe('Your search query using "zircon" has returned no results.');
  });
  it('reads content HTML as text', () => {
    expect(htmlToText('<p>Cut &amp; <strong>polish</strong></p><script>x()</script>')).toBe('Cut & polish');
  });
});

describe('related posts', () => {
  it('share at least one tag, exclude the post itself and stop at 3', () => {
    expect(relatedPosts(posts, posts[1]!).map((p) => p.id)).toEqual([4, 5]);
    expect(relatedPosts(posts, posts[0]!).map((p) => p.id)).toEqual([3]);
    const many = [...posts, post(7, 'More grading', ['grading'])];
    expect(relatedPosts(many, many[3]!).map((p) => p.id)).toEqual([2, 5, 7]);
  });
  it('are none for a post without tags', () => {
    expect(relatedPosts(posts, posts[5]!)).toEqual([]);
  });
});

describe('previous and next', () => {
  it('wrap around at both ends', () => {
    expect(neighbours(posts, 6)).toMatchObject({ prev: { id: 5 }, next: { id: 1 } });
    expect(neighbours(posts, 1)).toMatchObject({ prev: { id: 6 }, next: { id: 2 } });
    expect(neighbours(posts, 3)).toMatchObject({ prev: { id: 2 }, next: { id: 4 } });
  });
  it('are absent for a lone or unknown post', () => {
    expect(neighbours([posts[0]!], 1)).toBeNull();
    expect(neighbours(posts, 99)).toBeNull();
  });
});

describe('More News carousel', () => {
  it('makes slides of 3 on desktop and 1 on phones', () => {
    expect(slides(posts, 3).map((s) => s.length)).toEqual([3, 3]);
    expect(slides(posts.slice(0, 4), 3).map((s) => s.length)).toEqual([3, 1]);
    expect(slides(posts, 1)).toHaveLength(6);
  });
  it('shows the slider only above 6 posts', () => {
    expect(showSlider(6)).toBe(false);
    expect(showSlider(7)).toBe(true);
  });
});

it('builds the spec link shape /news/post/{slug of title}?id={id}', () => {
  expect(postLink({ id: 12, title: 'Lab-grown prices: 2025 & beyond!' })).toBe(
    '/news/post/lab-grown-prices-2025-beyond?id=12',
  );
});

it('has one slug rule for links, built pages and stored addresses', () => {
  expect(slugOf('Lab-grown prices, 2026!')).toBe('lab-grown-prices-2026');
  expect(slugOf('  Éclat & Brillance ')).toBe('eclat-brillance');
  expect(slugOf('---')).toBe('');
  const long = slugOf(`${'a'.repeat(119)} b`);
  expect(long).toBe('a'.repeat(119));
  expect(slugOf('x'.repeat(300))).toHaveLength(SLUG_MAX);
});
