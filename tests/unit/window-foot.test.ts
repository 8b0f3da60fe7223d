/**
 * The window's foot kept clear (src/stores/window-foot.ts): the page's scroll padding is the sum
 * of the parts that show, whoever set them and in whatever order they go.
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
  beforeEach(() => {
    style = fakeHtmlStyle();
    Object.assign(globalThis, { document: { documentElement: { style } } });
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
});
