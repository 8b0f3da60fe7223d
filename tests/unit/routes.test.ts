/** The site's page addresses (the contract with bookmarks, e-mails and the server's shells). */
import { describe, expect, it } from 'vitest';
import { routes } from '../../src/domain/routes.ts';
import { parseStoneAddress } from '../../src/islands/diamond-detail/stone-view.ts';
import { postLink } from '../../src/domain/news.ts';
import { postRoute } from '../../src/islands/admin/posts/posts-api.ts';

describe('page addresses', () => {
  it('names the fixed pages', () => {
    expect(routes.catalogue).toBe('/diamonds/all');
    expect(routes.labGrown).toBe('/diamonds/all/lab-grown');
    expect(routes.specials).toBe('/diamonds/all/specials');
    expect(routes.favourites).toBe('/diamonds/fav');
    expect(routes.compare).toBe('/diamonds/compare');
    expect(routes.bag).toBe('/diamonds/bag');
    expect(routes.account).toBe('/my-account');
    expect(routes.accountApi).toBe('/my-account/api');
    expect(routes.accountWebhooks).toBe('/my-account/api#webhooks');
    expect(routes.admin).toBe('/admin');
    expect(routes.adminPosts).toBe('/admin/posts');
  });
  it('builds the addresses that carry an id, a shape, a slug or a token', () => {
    expect(routes.diamond(12)).toBe('/diamonds/12/details');
    expect(routes.diamond(12, '360')).toBe('/diamonds/12/360');
    expect(routes.shape('Round')).toBe('/diamonds/all/round');
    expect(routes.shape(' Old Cut/European Cut ', true)).toBe('/diamonds/all/old%20cut%2Feuropean%20cut?tab=2');
    expect(routes.adminPost(7)).toBe('/admin/posts/7');
    expect(routes.adminRequest(9)).toBe('/admin/requests?id=9');
    expect(routes.newsArticle('lab-grown')).toBe('/news/lab-grown');
    expect(postLink({ id: 3, title: 'Hello, world' })).toBe('/news/post/hello-world?id=3');
    expect(routes.verify('abc')).toBe('/verify/abc');
    expect(routes.reset('abc')).toBe('/reset/abc');
  });
  it('reads a stone address back', () => {
    expect(parseStoneAddress('/diamonds/12/report')).toEqual({ id: 12, page: 'report' });
    expect(parseStoneAddress('/diamonds/12')).toEqual({ id: 12, page: null });
    expect(parseStoneAddress('/diamonds/12/other')).toBeNull();
    expect(parseStoneAddress('/diamonds/all')).toBeNull();
  });
  it("reads the admin posts' address back", () => {
    expect(postRoute('/admin/posts')).toBe('list');
    expect(postRoute('/admin/posts/new')).toBe('new');
    expect(postRoute('/admin/posts/12/')).toBe(12);
    expect(postRoute('/admin/posts/x')).toBe('list');
    expect(postRoute('/admin/postsx/12')).toBe('list');
  });
});
