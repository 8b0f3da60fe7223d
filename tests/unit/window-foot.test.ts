/**
 * The window's foot kept clear (src/stores/window-foot.ts): the page's scroll padding is the sum
 * of the parts that show, whoever set them and in whatever order they go; the part the page's CSS
 * draws from the first paint (`data-foot-clear`) is written only in a sum with another.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepFootClear } from '../../src/stores/window-foot.ts';

/** A page's <html> style, as far as the module writes it. */
function fakeHtmlStyle() {
  const props = new Map<string, string>();
  return {
    props,
    setProperty: (name: string, value: string) => void props.set(name, value),
    removeProperty: (name: string) => void props.delete(name),
  };
}

describe('keepFootClear', () => {
  let style: ReturnType<typeof fakeHtmlStyle>;
  let drawn: string | null;
  beforeEach(() => {
    style = fakeHtmlStyle();
    drawn = null;
    const documentElement = { style, getAttribute: (name: string) => (name === 'data-foot-clear' ? drawn : null) };
    Object.assign(globalThis, { document: { documentElement } });
  });
  afterEach(() => {
    keepFootClear('cookie notice', null);
    keepFootClear('message us', null);
    Reflect.deleteProperty(globalThis, 'document');
  });

  const padding = () => style.props.get('scroll-padding-bottom');

  it('keeps the cookie notice clear on a page without Message us (the home page)', () => {
    keepFootClear('cookie notice', '96px');
    expect(padding()).toBe('calc(96px)');
    keepFootClear('cookie notice', null);
    expect(padding()).toBeUndefined();
  });

  it('adds the Message us corner above the notice, and keeps each when the other goes', () => {
    keepFootClear('message us', 'var(--mu-clear)');
    keepFootClear('cookie notice', '96px');
    expect(padding()).toBe('calc(var(--mu-clear) + 96px)');
    keepFootClear('cookie notice', '120px'); // the bar grew (a narrower window)
    expect(padding()).toBe('calc(var(--mu-clear) + 120px)');
    keepFootClear('cookie notice', null); // Got it!
    expect(padding()).toBe('calc(var(--mu-clear))');
    keepFootClear('cookie notice', '96px');
    keepFootClear('message us', null); // a staff member signed in
    expect(padding()).toBe('calc(96px)');
  });

  it('leaves the corner the page draws to its CSS, and writes it only beside the notice', () => {
    drawn = 'message us';
    keepFootClear('message us', 'var(--mu-clear)');
    expect(padding()).toBeUndefined(); // message-us.css keeps it from the first paint
    keepFootClear('cookie notice', '96px');
    expect(padding()).toBe('calc(var(--mu-clear) + 96px)');
    keepFootClear('cookie notice', null); // Got it!
    expect(padding()).toBeUndefined();
    keepFootClear('cookie notice', '96px');
    keepFootClear('message us', null); // a staff member signed in
    expect(padding()).toBe('calc(96px)');
    keepFootClear('cookie notice', null);
    expect(padding()).toBeUndefined();
  });
});
