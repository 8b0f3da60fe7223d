/** Laying saved site blocks over a built page: text, paragraphs, images; nothing else touched. */
import { describe, expect, it } from 'vitest';
import { overlayBlocks, paragraphsHtml } from '../../api/services/site/block-overlay.ts';

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

  it('rebuilds a list block from its first item: titles, paragraphs, ids, numbers, order', () => {
    const item = (i: number, title: string, body: string) =>
      `<section class="accordion__item" data-astro-cid-x><h2 class="accordion__heading"><button id="faqs-h${i}" aria-expanded="${i === 0}" aria-controls="faqs-p${i}" data-accordion-button><span class="accordion__title">${title}</span></button></h2>` +
      `<div class="accordion__panel" id="faqs-p${i}" aria-labelledby="faqs-h${i}"><div class="prose accordion__body"><p>${body}</p></div></div></section>`;
    const page = `<div data-block="faqs_list" data-block-type="list"><div class="accordion" data-accordion>${item(0, 'Old A', 'a')}\n${item(1, 'Old B', 'b')}</div></div><p>after</p>`;
    const out = overlayBlocks(page, [
      {
        id: 'faqs_list',
        type: 'list',
        value: [
          { title: 'New B', content: 'b2' },
          { title: 'New A & co', content: 'a2\n\nmore' },
          { title: 'Third', content: 'c' },
        ],
        url: null,
      },
    ]);
    expect(out).toBe(
      `<div data-block="faqs_list" data-block-type="list"><div class="accordion" data-accordion>${item(0, 'New B', 'b2')}` +
        item(1, 'New A &#38; co', 'a2</p><p>more') +
        `${item(2, 'Third', 'c')}</div></div><p>after</p>`,
    );
    const api =
      '<ol data-block="api_features" data-block-type="list"><li class="api-features__item"><span class="api-features__num num">01</span><h3>Old</h3><div class="prose"><p>x</p></div></li></ol>';
    expect(
      overlayBlocks(api, [
        {
          id: 'api_features',
          type: 'list',
          value: [
            { title: 'One', content: '1' },
            { title: 'Two', content: '2' },
          ],
          url: null,
        },
      ]),
    ).toBe(
      '<ol data-block="api_features" data-block-type="list"><li class="api-features__item"><span class="api-features__num num">01</span><h3>One</h3><div class="prose"><p>1</p></div></li>' +
        '<li class="api-features__item"><span class="api-features__num num">02</span><h3>Two</h3><div class="prose"><p>2</p></div></li></ol>',
    );
  });

  it('renders paragraphs as Paragraphs.astro does', () => {
    expect(paragraphsHtml('a\nb\n\n\nc')).toBe('<p>a<br>b</p><p>c</p>');
  });
});
