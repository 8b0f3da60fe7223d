/** Laying saved site blocks over a built page (issue 13 item 16): text, paragraphs, images; nothing else touched. */
import { describe, expect, it } from 'vitest';
import { overlayBlocks, paragraphsHtml } from '../../api/services/block-overlay.ts';

const PAGE = [
  '<main><h1 id="t" class="hero__title" data-block="home_title" data-block-type="text">Old <em>title</em></h1>',
  '<div data-block="home_text" data-block-type="text"><div class="prose lead"><p>Old one</p><p>Old two</p></div></div>',
  '<figure class="m" data-block="home_image" data-block-type="image"><picture><source srcset="/a.avif" type="image/avif"><img src="/a.png" srcset="/a-2x.png 2x" alt="Old alt" width="10"></picture></figure>',
  '<img data-block="logo_1" data-block-type="image" src="/l.svg" alt="Logo">',
  '<div><div>keep</div></div><p data-block="home_title_2">untouched</p></main>',
].join('');

describe('overlayBlocks', () => {
  it('replaces a text block, escaping it', () => {
    const out = overlayBlocks(PAGE, [{ id: 'home_title', type: 'text', value: 'New <b>& bold</b>', url: null }]);
    expect(out).toContain('data-block-type="text">New &#60;b&#62;&#38; bold&#60;/b&#62;</h1>');
    expect(out).not.toContain('Old <em>title</em>');
    expect(out).toContain('<p data-block="home_title_2">untouched</p>'); // an id that only starts the same
  });

  it('keeps a paragraphs block as paragraphs in its .prose box', () => {
    const out = overlayBlocks(PAGE, [{ id: 'home_text', type: 'text', value: 'First\nline two\n\nSecond', url: null }]);
    expect(out).toContain('<div class="prose lead"><p>First<br>line two</p><p>Second</p></div></div><figure');
    expect(out).not.toContain('Old one');
  });

  it('points an image block at its new file, drops the old sources, sets the alt', () => {
    const out = overlayBlocks(PAGE, [
      { id: 'home_image', type: 'image', value: 'New alt', url: '/uploads/new.png' },
      { id: 'logo_1', type: 'image', value: 'placeholder', url: '/uploads/logo.png' },
    ]);
    expect(out).toContain('<picture><img src="/uploads/new.png" alt="New alt" width="10"></picture>');
    expect(out).not.toContain('/a.avif');
    expect(out).toContain('<img data-block="logo_1" data-block-type="image" src="/uploads/logo.png" alt="Logo">');
  });

  it('leaves the page as it is for unknown ids and list blocks', () => {
    expect(overlayBlocks(PAGE, [{ id: 'nowhere', type: 'text', value: 'x', url: null }])).toBe(PAGE);
    expect(overlayBlocks(PAGE, [{ id: 'home_text', type: 'list', value: [], url: null }])).toBe(PAGE);
  });

  it('renders paragraphs as Paragraphs.astro does', () => {
    expect(paragraphsHtml('a\nb\n\n\nc')).toBe('<p>a<br>b</p><p>c</p>');
  });
});
